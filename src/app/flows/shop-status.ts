// The shop status flow needs no I/O: the shell's status gate starts it as it is.
export { shopStatusMachine as shopStatusFlow } from '../../machines/entry/shop-status.machine';
