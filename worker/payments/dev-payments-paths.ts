/** Where the embedded dev checkout and dev portal live (development and test only; 404 elsewhere). */
export const DEV_PAYMENTS_PATH = "/dev-payments";
