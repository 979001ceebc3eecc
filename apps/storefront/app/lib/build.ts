declare const __VITRINE_BUILD_ID__: string;

/** Id of the running build (set by the Vite config at build time). */
export const BUILD_ID: string = typeof __VITRINE_BUILD_ID__ === "string" ? __VITRINE_BUILD_ID__ : "dev";
