// Types of scripts/build-server.mjs (plain JavaScript: npm start runs it before any loader).
export declare const SERVER_DIR: string
/** Bundles the server into SERVER_DIR unless it was bundled from these very files; answers whether it built. */
export declare function buildServer(): Promise<boolean>
