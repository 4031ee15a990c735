// Type declarations of the errorformatter package (index.js). Every value a call returns is a
// plain, deeply frozen object: hence the readonly everywhere.

/** The status codes of the C ABI (ef_status), by their macro names. */
export declare const Status: Readonly<{
  EF_OK: 0;
  EF_E_INVALID_ARGUMENT: 1;
  EF_E_INVALID_UTF8: 2;
  EF_E_NOT_FOUND: 3;
  EF_E_IO: 4;
  EF_E_PARSE: 5;
  EF_E_INVALID_LOCALE: 6;
  EF_E_INTERNAL: 7;
  EF_E_KEY_NOT_FOUND: 8;
  EF_E_REJECTED: 9;
}>;

/** A status's macro name: 'EF_E_PARSE', ... ('EF_E_UNKNOWN' for a status this version does not know). */
export type StatusName = keyof typeof Status | 'EF_E_UNKNOWN';

/** The macro name of a status code, e.g. 'EF_E_PARSE' ('EF_E_UNKNOWN' for an unknown one). */
export declare function statusName(status: number): StatusName;

/**
 * A call into liberrorformatter failed, or an argument is one the library would refuse (a
 * closed catalog, a lone surrogate, U+0000, an integer that does not fit). A wrong JavaScript
 * type is a TypeError (code 'ERR_INVALID_ARG_TYPE') instead.
 */
export declare class ErrorFormatterError extends Error {
  constructor(message: string, details?: { status?: number; file?: string | null; line?: number; column?: number });
  /** The status's macro name, e.g. 'EF_E_PARSE'. */
  readonly code: StatusName;
  /** The status code, e.g. 5. */
  readonly status: number;
  /** The file at fault, or null. */
  readonly file: string | null;
  /** 1-based line in `file`, 0 if unknown. */
  readonly line: number;
  /** 1-based column in `file` (Unicode scalar values), 0 if unknown. */
  readonly column: number;
}

/** The fields of a formatted error, in the library's order. */
export declare const FIELDS: readonly ['title', 'message', 'button'];
export type Field = 'title' | 'message' | 'button';

/** Which rule produced a field. */
export type Rule = 'code-key' | 'domain-key' | 'generic-key' | 'button-key' | 'failure-reason'
  | 'recovery-suggestion' | 'description' | 'builtin' | 'empty';

export type Severity = 'error' | 'warning' | 'note';

/** A table string found but not shown, because the arguments could not satisfy it. */
export interface Rejection {
  readonly key: string;
  /** '' for an unlocalized table. */
  readonly locale: string;
  readonly table: string;
  /** A stable code: 'missing-argument', 'wrong-argument-type', ... */
  readonly code: string;
  readonly message: string;
  /**
   * The library's one-line description, as the C API's ef_result_rejection gives it: '<key> in
   * <locale>/<table>: <message> [<code>]'. Not enumerable, so JSON shows errfmt's shape.
   */
  readonly description: string;
  /** The description. */
  toString(): string;
}

/** Where one field came from; key, locale and table are null unless a table key was read. */
export interface Provenance {
  readonly rule: Rule;
  readonly key: string | null;
  /** As spelled in the catalog ('fr-CA', 'Base'); '' for an unlocalized table. */
  readonly locale: string | null;
  readonly table: string | null;
  readonly rejections: readonly Rejection[];
}

/** A formatted error: the shape `errfmt format --json` prints. */
export interface FormattedError {
  readonly title: string;
  readonly message: string;
  readonly button: string;
  /** The localizations searched, most specific first ('' for the unlocalized tables). */
  readonly stack: readonly string[];
  /** True when the preferences asked for no translation (C, POSIX). */
  readonly untranslated: boolean;
  readonly provenance: Readonly<Record<Field, Provenance>>;
}

/** The value of a key; value and locale are null when no localization has a usable one. */
export interface LookupResult {
  readonly value: string | null;
  readonly locale: string | null;
  readonly table: string;
  readonly rejections: readonly Rejection[];
}

/** A problem found while loading a catalog; file is relative to the catalog's root. */
export interface Diagnostic {
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
  readonly file: string | null;
  readonly line: number;
  readonly column: number;
}

/** A finding of lint(): a diagnostic, plus the key it is about. */
export interface LintFinding extends Diagnostic {
  readonly key: string | null;
  /** 'file:line:column: severity: message [code]', as `errfmt lint` prints it. */
  toString(): string;
}

export interface LocaleChain {
  readonly normalized: string;
  readonly untranslated: boolean;
  readonly entries: readonly { readonly id: string; readonly kind: 'abstract' | 'bundle' | 'alias' }[];
}

/** An argument with its C type said explicitly. */
export interface TypedArgument {
  readonly type: 'string' | 'int64' | 'uint64' | 'double';
  readonly value: string | number | bigint;
}

/**
 * A format argument: a string; a bigint (int64, or uint64 above 2^63 - 1); a number (int64
 * when a safe integer, else double); or a TypedArgument.
 */
export type Argument = string | number | bigint | TypedArgument;

export declare function int64(value: bigint | number): TypedArgument;
export declare function uint64(value: bigint | number): TypedArgument;
export declare function double(value: number): TypedArgument;

/** A directory or file: a string, a Buffer/Uint8Array of bytes, or a file: URL (the global URL
 * class of Node and of the DOM library). */
export type PathLike = string | Uint8Array | URL;

/** The options of Catalog.fromTables (and, with onDemand and mapped, of open). */
export interface TablesOptions {
  /** Searched after Base (CFBundleDevelopmentRegion); default 'en' (a compiled file's own). */
  developmentLocale?: string | null;
  /** Throw EF_E_PARSE for any broken table instead of leaving it out; default false. */
  strict?: boolean;
  /** What format() and lookup() do with a string the arguments cannot satisfy (skipped, the
   * next one shown): 'warn' (default) emits a process warning (ErrorFormatterRejectionWarning,
   * code EF_E_REJECTED) the first time the catalog meets each one; 'throw' throws
   * ErrorFormatterError EF_E_REJECTED; 'ignore' only records it in the result. */
  rejections?: 'warn' | 'throw' | 'ignore';
}

export interface OpenOptions extends TablesOptions {
  /** Read each localization when a lookup first needs it (EF_CATALOG_ON_DEMAND, library 1.2);
   * the same results. Default false; ignored when strict. */
  onDemand?: boolean;
  /** Map a compiled catalog file read-only instead of reading it (EF_CATALOG_MAPPED, library
   * 1.3): the same results, its pages shared by every process that maps it (many processes
   * opening one file, e.g. pre-forked workers). Promise that nobody truncates or rewrites the
   * file in place while the catalog is open: that raises SIGBUS. Replacing it by rename is
   * safe. Default false; ignored for a directory. */
  mapped?: boolean;
  /** Write the numbers of formats as Foundation's String(format:locale:) does for the locale of
   * the text that shows them (EF_CATALOG_LOCALIZED_NUMBERS, library 1.3); a call may choose for
   * itself (FormatOptions.localizedNumbers). Default false: as C's printf in the C locale. */
  localizedNumbers?: boolean;
  /** Serve en-XA, ar-XB and qps-ploc, made from the development texts, to preferences that name
   * them (EF_CATALOG_PSEUDO_LOCALES, library 1.3); never reached by fallback, never listed.
   * Default false. */
  pseudoLocales?: boolean;
}

export interface Table {
  /** A localization ('fr-CA', 'Base'), or null / '' for an unlocalized table. */
  locale?: string | null;
  /** '<Table>.strings', '.stringsdict', '.json' or '.xcstrings'. */
  fileName: string;
  /** The file's bytes, or its text (as UTF-8). */
  data: Uint8Array | string;
}

export interface FormatOptions {
  /** Preferred locales, most preferred first; none: the development locale. */
  locales?: readonly string[] | null;
  description?: string | null;
  failureReason?: string | null;
  recoverySuggestion?: string | null;
  /** The table the rules read; default 'Localizable'. */
  table?: string | null;
  arguments?: readonly Argument[] | null;
  /** true: this call's numbers for the locale of the text that shows them; false: as C's printf
   * in the C locale; null (default): as the catalog was opened (library 1.3). */
  localizedNumbers?: boolean | null;
}

export interface LookupOptions {
  locales?: readonly string[] | null;
  table?: string | null;
  arguments?: readonly Argument[] | null;
}

/** An immutable set of string tables in every localization, plus the development locale. */
export declare class Catalog {
  private constructor();
  /** A catalog directory, or a compiled catalog file (compile(); library 1.2). */
  static open(directory: PathLike, options?: OpenOptions): Catalog;
  /** open() on libuv's thread pool: the event loop goes on while the tables are read. */
  static openAsync(directory: PathLike, options?: OpenOptions): Promise<Catalog>;
  static fromTables(tables: Iterable<Table>, options?: TablesOptions): Catalog;
  readonly developmentLocale: string;
  readonly localizations: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
  readonly closed: boolean;
  format(domain: string, code: number | bigint, options?: FormatOptions): FormattedError;
  problem(domain: string, code: number | bigint, options?: ProblemOptions): Problem;
  lookup(key: string, options?: LookupOptions): LookupResult;
  lint(): readonly LintFinding[];
  /** Writes the whole catalog to one compiled catalog file (ef_catalog_compile, library 1.2). */
  compile(path: PathLike): void;
  /** compile() on libuv's thread pool; rejects with what compile() throws. */
  compileAsync(path: PathLike): Promise<void>;
  close(): void;
}

/** The options of LiveCatalog.open (library 1.3). */
export interface LiveCatalogOptions {
  developmentLocale?: string | null;
  strict?: boolean;
  mapped?: boolean;
  /** As for Catalog.open, for every version (library 1.3). */
  localizedNumbers?: boolean;
  /** As for Catalog.open, for every version (library 1.3). */
  pseudoLocales?: boolean;
  /** As for Catalog.open, for every version. */
  rejections?: 'warn' | 'throw' | 'ignore';
  /** Refuse a version in which lint finds an error. */
  lintClean?: boolean;
  /** How often the library's thread looks at the path; 0: no thread, only reload(). */
  checkIntervalMs?: number;
  /** How long the files must be left alone before a change is opened; null: the check interval. */
  debounceMs?: number | null;
}

/** The newest good version of a catalog's path, never a broken one (ef_live_catalog_*, library 1.3). */
export declare class LiveCatalog {
  private constructor();
  static open(path: PathLike, options?: LiveCatalogOptions): LiveCatalog;
  /** The version served now, a Catalog of its own: close it when done. */
  current(): Catalog;
  format(domain: string, code: number | bigint, options?: FormatOptions): FormattedError;
  lookup(key: string, options?: LookupOptions): LookupResult;
  reload(): void;
  readonly generation: number;
  readonly lastError: ErrorFormatterError | null;
  readonly closed: boolean;
  close(): void;
}

export declare function normalizeLocale(locale: string): string;
export declare function localeChain(locale: string): LocaleChain;
export declare function preferencesFromEnvironment(): readonly string[];
export declare function preferencesFromAcceptLanguage(header: string): readonly string[];
export declare function lint(paths: PathLike | readonly PathLike[], options?: { developmentLocale?: string | null }): readonly LintFinding[];
/** The version of the loaded liberrorformatter, e.g. '1.3.0'. */
export declare function libraryVersion(): string;
/** The package's version. */
export declare const version: string;

/** The extension members a problem body may add. */
export type ProblemMember = 'code' | 'domain' | 'button';

export interface ProblemOptions extends FormatOptions {
  /** The request's Accept-Language header (as node:http gives it, or its bytes); null: none. */
  acceptLanguage?: string | readonly string[] | Uint8Array | null;
  status?: number;
  typeTemplate?: string | null;
  instance?: string | null;
  members?: readonly ProblemMember[] | null;
}

/** An RFC 9457 problem response: status, header fields in order, JSON body. */
export interface Problem {
  readonly status: number;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: string;
}

/** An error to answer with a problem response. */
export declare class HTTPProblem extends Error {
  constructor(domain: string, code: number | bigint, options?: {
    status?: number; instance?: string | null; description?: string | null; failureReason?: string | null;
    recoverySuggestion?: string | null; table?: string | null; arguments?: readonly Argument[] | null;
  });
  readonly domain: string;
  readonly errorCode: number | bigint;
  readonly status: number;
  readonly instance: string | null;
}

export interface ProblemHookOptions {
  typeTemplate?: string | null;
  members?: readonly ProblemMember[] | null;
}

/** What the hooks read of a request: node:http's IncomingMessage (and Express's) has it. */
export interface ProblemRequest {
  readonly headers: { readonly [name: string]: string | readonly string[] | undefined };
}

/** What the hooks use of a response: node:http's ServerResponse (and Express's) has it. */
export interface ProblemResponseTarget {
  statusCode: number;
  readonly headersSent?: boolean;
  setHeader(name: string, value: string | number): unknown;
  end(body: Uint8Array): unknown;
}

/** Sends a problem on a node:http ServerResponse. */
export declare function sendProblem(response: ProblemResponseTarget, problem: Problem): void;
/** Answers a node:http request with the problem response for `error`. */
export declare function writeProblem(catalog: Catalog, request: ProblemRequest, response: ProblemResponseTarget,
  error: HTTPProblem, options?: ProblemHookOptions): void;
/** An Express error middleware answering HTTPProblem errors. */
export declare function expressProblemHandler(catalog: Catalog, options?: ProblemHookOptions):
  (error: unknown, request: ProblemRequest, response: ProblemResponseTarget, next: (error?: unknown) => void) => void;
