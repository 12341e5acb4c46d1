/** The clock flows read the shop's day and hours from. */
export const clock = () => new Date();
