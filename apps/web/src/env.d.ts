/** The year the app was built (vite `define`): what prerendered HTML shows before hydration. */
declare const __BUILD_YEAR__: number;
