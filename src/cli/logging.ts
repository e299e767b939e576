import { Logger } from "effect"

/**
 * Log lines of every command but `serve`: logfmt on stderr. Their stdout is the report a user
 * redirects or pipes (`--format json`, `--format sarif`); Effect's default logger writes to stdout,
 * so a worker recycled mid-scan put a log line in the middle of a SARIF file.
 */
export const commandLogger = Logger.withConsoleError(Logger.logfmtLogger)

/** Installs `commandLogger` in place of Effect's default one. */
export const commandLogging = Logger.replace(Logger.defaultLogger, commandLogger)

/** `serve` logs JSON lines on stdout instead, its log stream. */
export const serviceLogging = Logger.replace(commandLogger, Logger.withConsoleLog(Logger.jsonLogger))
