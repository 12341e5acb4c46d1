/** The page supplies what a pull refreshes: `pullToRefreshFlow.provide({ actors: { refresh } })`. */
export { pullToRefreshMachine as pullToRefreshFlow } from '../../machines/shared/pull-to-refresh.machine';
