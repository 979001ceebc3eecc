export * from "./cli.ts";
export { commands } from "./commands/index.ts";
