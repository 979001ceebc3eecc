#!/usr/bin/env node
import { runCli } from "./cli.ts";
import { commands } from "./commands/index.ts";

process.exitCode = await runCli(commands, process.argv.slice(2));
