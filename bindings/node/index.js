'use strict';
/*
 * errorformatter -- localized error titles, messages and buttons from Apple-style string tables,
 * for Node.js: the classes and values over the N-API addon (src/*.c, loaded by addon.js), which is
 * a thin layer over liberrorformatter's C ABI; packed.js reads what the library returns.
 *
 *   const { Catalog } = require('errorformatter');
 *   const catalog = Catalog.open('Examples/CoreLocation');
 *   const shown = catalog.format('kCLErrorDomain', 0, { locales: ['fr-CA', 'en'] });
 *   console.log(shown.title, shown.message, shown.button, shown.provenance.title.locale);
 *
 * Results are plain frozen objects copied out of the library: they outlive the catalog.
 */

const { fileURLToPath } = require('node:url');
const { inspect } = require('node:util');

const { version } = require('./package.json');
const native = require('./addon.js');
const { ErrorFormatterError, Status, statusName } = require('./errors.js');
const packed = require('./packed.js');
const problems = require('./problem.js');

const { HTTPProblem, expressProblemHandler, sendProblem, writeProblem } = problems;

function invalidArgument(message) {
  return new ErrorFormatterError(message, { status: Status.EF_E_INVALID_ARGUMENT });
}

function typeError(message) {
  const error = new TypeError(message);
  error.code = 'ERR_INVALID_ARG_TYPE';
  return error;
}

// ------------------------------------------------------------------------ typed arguments

// The kinds of typed arguments, as the addon numbers them.
const KINDS = Object.freeze({ string: 0, int64: 1, uint64: 2, double: 3 });
const INT64_MAX = (1n << 63n) - 1n;

function typedArgument(type, value) {
  return Object.freeze({ type, value });
}

/** An argument for %d, %lld, %@, plural variables: a bigint or a safe integer. */
function int64(value) { return typedArgument('int64', value); }
/** An argument for %u, %llu, %x: a bigint or a non-negative safe integer. */
function uint64(value) { return typedArgument('uint64', value); }
/** An argument for %f, %e, %g: a number, also one that is an integer (double(3)). */
function double(value) { return typedArgument('double', value); }

/**
 * The arguments as the addon takes them, [kind, value, kind, value...]. A string is a string,
 * a bigint an int64 (a uint64 above 2^63 - 1), a number an int64 when it is a safe integer and
 * a double otherwise; int64(), uint64() and double() (or { type, value }) say it explicitly.
 */
function encodeArguments(values) {
  if (values === undefined || values === null) return [];
  if (!Array.isArray(values)) throw typeError('arguments must be an array');
  const encoded = [];
  for (const value of values) {
    switch (typeof value) {
      case 'string':
        encoded.push(KINDS.string, value);
        break;
      case 'bigint':
        encoded.push(value > INT64_MAX ? KINDS.uint64 : KINDS.int64, value);
        break;
      case 'number':
        encoded.push(Number.isSafeInteger(value) ? KINDS.int64 : KINDS.double, value);
        break;
      default: {
        const type = value !== null && typeof value === 'object' ? value.type : undefined;
        if (Object.prototype.hasOwnProperty.call(KINDS, type)) {
          encoded.push(KINDS[type], value.value);
          break;
        }
        throw typeError('an argument must be a string, a bigint, a number or ' +
                        "{ type: 'string' | 'int64' | 'uint64' | 'double', value }");
      }
    }
  }
  return encoded;
}

// ---------------------------------------------------------------------------------- values

const { FIELDS } = packed;

// ---------------------------------------------------------------------------------- options

// The options object of a call: undefined is {}; a key the call does not know is a TypeError
// (a misspelt option would otherwise be ignored without a word).
function readOptions(options, known, what) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object') throw typeError(`${what} options must be an object`);
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) throw typeError(`${what}: unknown option '${key}' (known: ${known.join(', ')})`);
  }
  return options;
}

// A plain copy of an array (what is not an array goes through, for the addon to refuse): the
// addon then reads plain values, never a Proxy's traps or getters that could run meanwhile.
function copyList(list) {
  return Array.isArray(list) ? Array.from(list) : list;
}

// A path as the addon takes it: a string or a Buffer/Uint8Array, or a file: URL.
function toPath(value) {
  return value instanceof URL ? fileURLToPath(value) : value;
}

// What a catalog does with a rejection (docs/conventions.md, "Failures across bindings").
const REJECTIONS = Object.freeze(['warn', 'throw', 'ignore']);

function rejectionsOption(value, what) {
  if (!REJECTIONS.includes(value)) {
    throw typeError(`${what}: rejections must be 'warn', 'throw' or 'ignore'`);
  }
  return value;
}

function openOptions(options, what) {
  const { developmentLocale = null, strict = false, rejections = 'warn' } =
    readOptions(options, ['developmentLocale', 'strict', 'rejections'], what);
  return [developmentLocale, strict, rejectionsOption(rejections, what)];
}

// The options of open() and openAsync(), which also read on demand and map compiled files.
function directoryOpenOptions(options, what) {
  const { developmentLocale = null, strict = false, onDemand = false, mapped = false, localizedNumbers = false,
          pseudoLocales = false, rejections = 'warn' } =
    readOptions(options, ['developmentLocale', 'strict', 'onDemand', 'mapped', 'localizedNumbers', 'pseudoLocales',
                          'rejections'], what);
  return [developmentLocale, strict, onDemand, mapped, localizedNumbers, pseudoLocales,
          rejectionsOption(rejections, what)];
}

// ------------------------------------------------------------------------------ rejections

// The rejections a catalog warned about, bounded: a warning per distinct rejection, as Node warns
// once about what it deprecates, whatever the number of calls that meet it.
const MAXIMUM_WARNED = 256;

/**
 * Reports `rejections` (a result's, a lookup's) as the catalog's `policy` says: a process
 * warning the first time the catalog meets each one ('warn'), or an ErrorFormatterError
 * EF_E_REJECTED for the first one ('throw').
 */
function reportRejections(rejections, policy, warned) {
  for (const rejection of rejections) {
    const description = String(rejection);
    if (policy === 'throw') {
      const error = new ErrorFormatterError(description, { status: Status.EF_E_REJECTED });
      error.rejection = rejection;
      throw error;
    }
    if (warned.has(description)) continue;
    if (warned.size >= MAXIMUM_WARNED) warned.clear();
    warned.add(description);
    process.emitWarning(description, { type: 'ErrorFormatterRejectionWarning', code: 'EF_E_REJECTED' });
  }
}

// ---------------------------------------------------------------------------------- catalog

const CONSTRUCT = Symbol('Catalog construction');

/**
 * An immutable set of string tables in every localization, plus the development locale. Open
 * one with Catalog.open (a directory) or Catalog.fromTables (tables held in memory). It is freed
 * by close() (idempotent; any use after it throws ErrorFormatterError EF_E_INVALID_ARGUMENT) or
 * when the garbage collector takes it.
 */
class Catalog {
  #handle;
  #developmentLocale;
  #localizations = null; // null until listed
  #diagnostics = null;
  #rejections; // 'warn', 'throw' or 'ignore'
  #warned = new Set();

  constructor(handle, token, onDemand = false, rejections = 'warn') {
    if (token !== CONSTRUCT) throw new TypeError('use Catalog.open() or Catalog.fromTables()');
    this.#handle = handle;
    this.#rejections = rejections;
    // The catalog is immutable: what it holds is read once; the listings of a catalog opened
    // on demand when first asked for (listing reads every localization).
    this.#developmentLocale = native.catalogDevelopmentLocale(handle);
    if (!onDemand) this.#list();
  }

  /**
   * Opens a catalog directory, or a compiled catalog file (compile(); library 1.2) with the same
   * results. options: developmentLocale ('en'; a compiled file's own), strict (false), onDemand
   * (false: read each localization when a lookup first needs it; library 1.2), mapped (false:
   * map a compiled file read-only, its pages shared by every process that maps it, on the
   * promise that nobody truncates or rewrites it in place while it is open, which would raise
   * SIGBUS; for many processes opening one file, e.g. pre-forked workers; library 1.3),
   * localizedNumbers (false: write the numbers of formats as Foundation's String(format:locale:)
   * does for the locale of the text that shows them, '1.234.567' in German; a call may choose for
   * itself; library 1.3), pseudoLocales (false: serve en-XA, ar-XB and qps-ploc, made from the
   * development texts, to preferences that name them, never by fallback; library 1.3),
   * rejections ('warn': a process warning the first time a string the arguments cannot satisfy is
   * met, 'throw': ErrorFormatterError EF_E_REJECTED, 'ignore': recorded in the result only).
   */
  static open(directory, options) {
    const [developmentLocale, strict, onDemand, mapped, localizedNumbers, pseudoLocales, rejections] =
      directoryOpenOptions(options, 'Catalog.open');
    return new Catalog(native.catalogOpen(toPath(directory), developmentLocale, strict, onDemand, mapped,
                                          localizedNumbers, pseudoLocales),
                       CONSTRUCT, onDemand, rejections);
  }

  /**
   * Opens a catalog directory on libuv's thread pool, without blocking the event loop (a large
   * catalog has many files to read): a promise of the Catalog, rejected with the errors open()
   * throws. Options as for open().
   */
  static async openAsync(directory, options) {
    const [developmentLocale, strict, onDemand, mapped, localizedNumbers, pseudoLocales, rejections] =
      directoryOpenOptions(options, 'Catalog.openAsync');
    const handle = await native.catalogOpenAsync(toPath(directory), developmentLocale, strict, onDemand, mapped,
                                                 localizedNumbers, pseudoLocales);
    return new Catalog(handle, CONSTRUCT, onDemand, rejections);
  }

  /**
   * Builds a catalog from tables held in memory: an iterable of { locale, fileName, data }
   * (locale null or '' for an unlocalized table; fileName like 'Localizable.strings'; data a
   * Buffer, a Uint8Array or a string). Options as for open().
   */
  static fromTables(tables, options) {
    const [developmentLocale, strict, rejections] = openOptions(options, 'Catalog.fromTables');
    if (tables === null || typeof tables !== 'object' || typeof tables[Symbol.iterator] !== 'function') {
      throw typeError('tables must be an iterable of { locale, fileName, data }');
    }
    const rows = [];
    for (const table of tables) {
      if (table === null || typeof table !== 'object') throw typeError('a table must be { locale, fileName, data }');
      rows.push([table.locale ?? null, table.fileName, table.data]);
    }
    return new Catalog(native.catalogBuild(rows, developmentLocale, strict), CONSTRUCT, false, rejections);
  }

  /** The development locale, e.g. 'en'. */
  get developmentLocale() { this.#checkOpen(); return this.#developmentLocale; }
  /** The localizations as spelled on disk ('fr-CA', 'Base'), sorted. */
  get localizations() { this.#checkOpen(); this.#list(); return this.#localizations; }
  /** What loading found: duplicate keys, broken tables left out, skipped entries. */
  get diagnostics() { this.#checkOpen(); this.#list(); return this.#diagnostics; }
  /** True once close() was called. */
  get closed() { return this.#handle === null; }

  /**
   * Formats an error for the preferred locales. options: locales (most preferred first; none:
   * the development locale), description, failureReason, recoverySuggestion, table, arguments,
   * localizedNumbers (true: this call's numbers for the locale of the text that shows them;
   * false: as C's printf in the C locale; null, the default: as the catalog was opened;
   * library 1.3). A string the arguments cannot satisfy is skipped, recorded in the provenance's
   * rejections and reported as the catalog's `rejections` option says.
   */
  format(domain, code, options) {
    const { locales = null, description = null, failureReason = null, recoverySuggestion = null,
            table = null, arguments: values = null, localizedNumbers = null } =
      readOptions(options, FORMAT_OPTIONS, 'format');
    const shown = packed.formattedFromItems(native.formatPacked(
      this.#usableHandle(), domain, code, description, failureReason, recoverySuggestion, table,
      encodeArguments(values), copyList(locales), localizedNumbers === null ? undefined : localizedNumbers));
    if (this.#rejections !== 'ignore') {
      const { title, message, button } = shown.provenance;
      if (title.rejections.length + message.rejections.length + button.rejections.length > 0) {
        reportRejections([...title.rejections, ...message.rejections, ...button.rejections],
                         this.#rejections, this.#warned);
      }
    }
    return shown;
  }

  /**
   * The HTTP response a service sends for an error (ef_format_problem, library 1.3): an RFC 9457
   * problem details object whose title and detail are formatted for the request's
   * Accept-Language header, as { status, headers: [[name, value], ...], body }, made by the
   * library. options: acceptLanguage (a string as node:http gives it, a Buffer, or null: none; a
   * malformed header means the development locale), locales (instead of the header), status
   * (100 to 599, default 500), typeTemplate ('{domain}' and '{code}' replaced; default
   * about:blank), instance, members (['code', 'domain', 'button']), and the error's
   * description, failureReason, recoverySuggestion, table and arguments, as for format().
   */
  problem(domain, code, options) {
    const { acceptLanguage = null, locales = null, status = 500, typeTemplate = null, instance = null,
            members = null, description = null, failureReason = null, recoverySuggestion = null, table = null,
            arguments: values = null } = readOptions(options, PROBLEM_OPTIONS, 'problem');
    const fail = (message) => { throw new ErrorFormatterError(message, { status: Status.EF_E_INVALID_ARGUMENT }); };
    if (!Number.isInteger(status)) throw typeError('status must be an integer');
    const items = native.formatProblem(
      this.#usableHandle(), domain, code, description, failureReason, recoverySuggestion, table,
      encodeArguments(values), problems.headerBytes(acceptLanguage), copyList(locales), status, typeTemplate,
      instance, problems.memberFlags(members, fail));
    return problems.problemFromItems(items, (message) => {
      throw new ErrorFormatterError(message, { status: Status.EF_E_INTERNAL });
    });
  }

  /**
   * The localized, formatted value of any key (value null when no localization has a usable
   * one). options: locales, arguments, table.
   */
  lookup(key, options) {
    const { locales = null, table = null, arguments: values = null } =
      readOptions(options, LOOKUP_OPTIONS, 'lookup');
    const found = packed.lookupFromItems(native.lookupPacked(this.#usableHandle(), key, table,
                                                             encodeArguments(values), copyList(locales)));
    if (this.#rejections !== 'ignore' && found.rejections.length > 0) {
      reportRejections(found.rejections, this.#rejections, this.#warned);
    }
    return found;
  }

  /** The catalog's loading diagnostics and every lint check, against its development locale. */
  lint() {
    return packed.lintFindingsFromItems(native.lintCatalog(this.#usableHandle()));
  }

  /**
   * Writes the whole catalog to `path` (a string, Buffer or file: URL) as a compiled catalog
   * file (ef_catalog_compile, library 1.2), which open() reads with the same results, faster.
   * The file is replaced whole. Throws ErrorFormatterError: EF_E_IO (cannot be written),
   * EF_E_INVALID_ARGUMENT (an empty path), EF_E_INVALID_UTF8.
   */
  compile(path) {
    native.catalogCompile(this.#usableHandle(), toPath(path));
  }

  /**
   * compile() on libuv's thread pool, without blocking the event loop while the file is
   * written: a promise of undefined, rejected with the errors compile() throws (TypeError and a
   * closed catalog too: it never throws itself, as openAsync()). The catalog is held until the
   * file is written: close() meanwhile takes effect for every later call, and frees the catalog
   * once the compiles in flight are done.
   */
  async compileAsync(path) {
    await native.catalogCompileAsync(this.#usableHandle(), toPath(path));
  }

  /** Frees the catalog now (after the compileAsync() calls in flight). Closing again does nothing. */
  close() {
    if (this.#handle === null) return;
    native.catalogClose(this.#handle);
    this.#handle = null;
  }

  // What console.log and util.inspect show: the catalog's contents, or that it is closed.
  // A catalog opened on demand and not yet listed is not listed for it.
  [inspect.custom](depth, options, inspectValue = inspect) {
    if (this.#handle === null) return 'Catalog (closed)';
    const contents = this.#localizations === null
      ? { developmentLocale: this.#developmentLocale, onDemand: true }
      : { developmentLocale: this.#developmentLocale, localizations: this.#localizations,
          diagnostics: this.#diagnostics.length };
    return `Catalog ${inspectValue(contents, options)}`;
  }

  // Reads the localizations and diagnostics, once.
  #list() {
    if (this.#localizations !== null) return;
    const { localizations, diagnostics } = packed.descriptionFromItems(native.catalogDescribe(this.#handle));
    this.#diagnostics = diagnostics;
    this.#localizations = localizations;
  }

  #checkOpen() {
    if (this.#handle === null) throw invalidArgument('the catalog is closed');
  }

  #usableHandle() {
    this.#checkOpen();
    return this.#handle;
  }
}

const FORMAT_OPTIONS = Object.freeze(['locales', 'description', 'failureReason', 'recoverySuggestion', 'table', 'arguments',
                                      'localizedNumbers']);
const LOOKUP_OPTIONS = Object.freeze(['locales', 'table', 'arguments']);
const PROBLEM_OPTIONS = Object.freeze(['acceptLanguage', 'locales', 'status', 'typeTemplate', 'instance', 'members',
                                       'description', 'failureReason', 'recoverySuggestion', 'table', 'arguments']);

// `using catalog = Catalog.open(...)` where the runtime has explicit resource management.
if (typeof Symbol.dispose === 'symbol') {
  Object.defineProperty(Catalog.prototype, Symbol.dispose, {
    value: Catalog.prototype.close, writable: true, configurable: true,
  });
}

// ---------------------------------------------------------------------------------- locales

/** A locale ID in ICU's canonical form ('zh-Hant-TW' -> 'zh_Hant_TW'); 'C', 'POSIX', 'und' -> ''. */
function normalizeLocale(locale) {
  return native.normalizeLocale(locale);
}

/** The CLDR fallback chain of a locale: { normalized, untranslated, entries: [{ id, kind }] }. */
function localeChain(locale) {
  return packed.chainFromItems(native.localeChain(locale));
}

/**
 * The user's preferred locales from LC_ALL / LC_MESSAGES / LANG / LANGUAGE with gettext's
 * precedence, as the process's environment holds them (in a worker thread, the process's, not
 * the worker's own copy of process.env).
 */
function preferencesFromEnvironment() {
  return packed.listFromItems(native.preferencesFromEnvironment());
}

/** The locales of an HTTP Accept-Language header, best first. */
function preferencesFromAcceptLanguage(header) {
  return packed.listFromItems(native.preferencesFromAcceptLanguage(header));
}

// ------------------------------------------------------------------------------ live catalog

const LIVE_OPTIONS = ['developmentLocale', 'strict', 'mapped', 'localizedNumbers', 'pseudoLocales', 'rejections',
                      'lintClean', 'checkIntervalMs', 'debounceMs'];

/**
 * A catalog that follows its directory or compiled file and serves its newest good version,
 * never a broken one (ef_live_catalog_*, library 1.3). A change is taken once the files have
 * been left alone for debounceMs, opened as Catalog.open opens it (strict refuses a broken
 * table), and refused if it holds no entry or, with lintClean, if lint finds an error; a refused
 * version is never served and lastError says why. A library thread looks at the path every
 * checkIntervalMs (sooner with inotify); 0: no thread, reload() takes changes. Freed by close()
 * or when the garbage collector takes it.
 */
class LiveCatalog {
  #handle;

  #rejections; // each version's Catalog's: 'warn', 'throw' or 'ignore'

  constructor(handle, token, rejections = 'warn') {
    if (token !== CONSTRUCT) throw new TypeError('use LiveCatalog.open()');
    this.#handle = handle;
    this.#rejections = rejections;
  }

  /**
   * Opens a live catalog on a catalog directory or compiled file. options: developmentLocale,
   * strict (false), mapped (false), localizedNumbers (false), pseudoLocales (false), rejections
   * ('warn'), all as Catalog.open takes them, for every version; lintClean (false),
   * checkIntervalMs (1000), debounceMs (null: the check interval). Throws what Catalog.open throws
   * when the version there now is not good.
   */
  static open(path, options) {
    const { developmentLocale = null, strict = false, mapped = false, localizedNumbers = false,
            pseudoLocales = false, rejections = 'warn', lintClean = false, checkIntervalMs = 1000,
            debounceMs = null } = readOptions(options, LIVE_OPTIONS, 'LiveCatalog.open');
    const policy = rejectionsOption(rejections, 'LiveCatalog.open');
    return new LiveCatalog(native.liveOpen(toPath(path), developmentLocale, strict, false, mapped, localizedNumbers,
                                           pseudoLocales, lintClean, checkIntervalMs, debounceMs),
                           CONSTRUCT, policy);
  }

  /**
   * The newest good version, a Catalog of its own (close it when done) that stays valid after
   * newer versions replace it. Never waits for a reload.
   */
  current() {
    return new Catalog(native.liveCurrent(this.#usableHandle()), CONSTRUCT, true, this.#rejections);
  }

  /** Catalog.format on the newest good version. */
  format(domain, code, options) {
    const version = this.current();
    try {
      return version.format(domain, code, options);
    } finally {
      version.close();
    }
  }

  /** Catalog.lookup on the newest good version. */
  lookup(key, options) {
    const version = this.current();
    try {
      return version.lookup(key, options);
    } finally {
      version.close();
    }
  }

  /** Looks at the path now; throws why what is there was refused (the version served stays). */
  reload() {
    native.liveReload(this.#usableHandle());
  }

  /** How many versions were served: 1 for the first, one more for each taken since. */
  get generation() { return native.liveGeneration(this.#usableHandle()); }

  /** Why the newest state of the path is not the version served (not thrown); null when it is. */
  get lastError() { return native.liveLastError(this.#usableHandle()); }

  /** True once close() was called. */
  get closed() { return this.#handle === null; }

  /** Stops following the path and frees the live catalog; versions taken stay valid until closed. */
  close() {
    if (this.#handle === null) return;
    native.liveClose(this.#handle);
    this.#handle = null;
  }

  #usableHandle() {
    if (this.#handle === null) throw invalidArgument('the catalog is closed');
    return this.#handle;
  }
}

// ------------------------------------------------------------------------------------- lint

/** Lints table files and catalog directories, as `errfmt lint PATH...` does; options: developmentLocale. */
function lint(paths, options) {
  const { developmentLocale = null } = readOptions(options, ['developmentLocale'], 'lint');
  const list = Array.isArray(paths) ? paths : [paths];
  return packed.lintFindingsFromItems(native.lintPaths(Array.from(list, toPath), developmentLocale));
}

/** The version of the loaded liberrorformatter, e.g. '1.3.0'. */
function libraryVersion() {
  return native.versionString();
}

module.exports = {
  Catalog,
  LiveCatalog,
  ErrorFormatterError,
  FIELDS,
  HTTPProblem,
  expressProblemHandler,
  sendProblem,
  writeProblem,
  Status,
  double,
  int64,
  libraryVersion,
  lint,
  localeChain,
  normalizeLocale,
  preferencesFromAcceptLanguage,
  preferencesFromEnvironment,
  statusName,
  uint64,
  version,
};
