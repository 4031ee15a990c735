'use strict';
/*
 * packed.js -- reading the library's packed outputs (docs/packed-format.md): runs of
 * NUL-terminated UTF-8 items, the first a header of decimal numbers that says how many items
 * follow. The addon hands each output over as its items, an array of strings (splitItems does
 * the same for an output held as bytes). Each decoder checks the item count the header gives
 * before it reads an item, and refuses an output that is not what the format says with an
 * ErrorFormatterError EF_E_INTERNAL: that would be a defect of the library or the addon, never
 * of the caller's input.
 *
 * The positions are constants named after the header's macros, so that `make test-limits`
 * checks each against include/errorformatter.h.
 */

const native = require('./addon.js');
const { ErrorFormatterError, Status } = require('./errors.js');

// Every output: the header item.
const EF_PACKED_HEADER = 0;
// A formatted error.
const EF_PACKED_TITLE = 1;
const EF_PACKED_MESSAGE = 2;
const EF_PACKED_BUTTON = 3;
const EF_PACKED_PROVENANCE = 4;
const EF_PACKED_PROVENANCE_ITEMS = 4;
const EF_PACKED_STACK = 16;
const EF_PACKED_REJECTION_ITEMS = 5;
const EF_PACKED_FORMAT_HEADER_NUMBERS = 6;
// A lookup.
const EF_PACKED_LOOKUP_VALUE = 1;
const EF_PACKED_LOOKUP_LOCALE = 2;
const EF_PACKED_LOOKUP_TABLE = 3;
const EF_PACKED_LOOKUP_REJECTIONS = 4;
const EF_PACKED_LOOKUP_HEADER_NUMBERS = 2;
// A diagnostic, in a catalog's description or a lint report.
const EF_PACKED_DIAGNOSTIC_ITEMS = 5;
const EF_PACKED_DIAGNOSTIC_NUMBERS = 4;
const EF_PACKED_DIAGNOSTIC_CODE = 1;
const EF_PACKED_DIAGNOSTIC_MESSAGE = 2;
const EF_PACKED_DIAGNOSTIC_FILE = 3;
const EF_PACKED_DIAGNOSTIC_KEY = 4;
const EF_PACKED_DIAGNOSTIC_NULL_FILE = 1;
const EF_PACKED_DIAGNOSTIC_NULL_KEY = 2;
// A catalog's description.
const EF_PACKED_DESCRIBE_HEADER_NUMBERS = 2;
const EF_PACKED_DESCRIBE_DEVELOPMENT_LOCALE = 1;
const EF_PACKED_DESCRIBE_LOCALIZATIONS = 2;
// A lint report.
const EF_PACKED_LINT_HEADER_NUMBERS = 2;
const EF_PACKED_LINT_DIAGNOSTICS = 1;
// A locale chain.
const EF_PACKED_CHAIN_HEADER_NUMBERS = 2;
const EF_PACKED_CHAIN_NORMALIZED = 1;
const EF_PACKED_CHAIN_ENTRIES = 2;
const EF_PACKED_CHAIN_ENTRY_ITEMS = 2;
// A preference list.
const EF_PACKED_LIST_HEADER_NUMBERS = 1;
const EF_PACKED_LIST_ENTRIES = 1;
// The numbers the outputs carry for a severity and a chain entry's kind.
const EF_SEVERITY_ERROR = 0;
const EF_SEVERITY_WARNING = 1;
const EF_SEVERITY_NOTE = 2;
const EF_CHAIN_ABSTRACT = 0;
const EF_CHAIN_BUNDLE = 1;
const EF_CHAIN_ALIAS = 2;

const FIELDS = Object.freeze(['title', 'message', 'button']);
const SEVERITIES = Object.freeze({
  [EF_SEVERITY_ERROR]: 'error', [EF_SEVERITY_WARNING]: 'warning', [EF_SEVERITY_NOTE]: 'note',
});
const CHAIN_KINDS = Object.freeze({
  [EF_CHAIN_ABSTRACT]: 'abstract', [EF_CHAIN_BUNDLE]: 'bundle', [EF_CHAIN_ALIAS]: 'alias',
});

/** The null mask's bit for a formatted error's missing key (part 0), locale (1) or table (2) of
 *  field `field`: EF_PACKED_NULL_KEY(field) and the two after it. */
function nullBit(field, part) {
  return 1 << (3 * field + part);
}

// Results are values: every object of one is frozen as it is made (a generic deep freeze
// walking the result cost more than the library's call).
const freeze = Object.freeze;

// ------------------------------------------------------------------------------ checking

function malformed(what, problem) {
  return new ErrorFormatterError(`malformed packed ${what}: ${problem}`, { status: Status.EF_E_INTERNAL });
}

/** The items, checked to be an array of strings with at least the header. */
function checkItems(items, what) {
  if (!Array.isArray(items) || items.length === 0) throw malformed(what, 'it has no items');
  return items.length;
}

/**
 * The numbers of an item (a header, a diagnostic's first item): exactly `count` decimal numbers
 * of ASCII digits (no sign, no leading zero) separated by single spaces, each a safe integer.
 */
function numbers(item, count, what) {
  const found = [];
  let number = 0;
  let digits = 0;
  for (let i = 0; i <= item.length; i++) {
    const code = i < item.length ? item.charCodeAt(i) : 32;
    if (code >= 48 && code <= 57 && digits < 15 && !(digits === 1 && number === 0)) {
      number = number * 10 + (code - 48);
      digits++;
    } else if (code === 32 && digits > 0) {
      found.push(number);
      number = 0;
      digits = 0;
    } else {
      throw malformed(what, `${JSON.stringify(item)} is not ${count} numbers separated by spaces`);
    }
  }
  if (found.length !== count) {
    throw malformed(what, `${JSON.stringify(item)} is not ${count} numbers separated by spaces`);
  }
  return found;
}

/** A number that says how many things follow, or a flag: at most `limit`. */
function bounded(number, limit, name, what) {
  if (number > limit) throw malformed(what, `${name} ${number} is more than ${limit}`);
  return number;
}

function expectCount(items, expected, what) {
  if (items.length !== expected) {
    throw malformed(what, `its header says ${expected} items, it holds ${items.length}`);
  }
}

// ---------------------------------------------------------------------- formats and lookups

// A non-enumerable property, so that JSON.stringify shows only the data (errfmt --json's shape).
function hidden(object, name, value) {
  return Object.defineProperty(object, name, { value });
}

function rejectionToString() {
  // The library's one-line description (ef_result_rejection's).
  return this.description;
}

// Most fields have no rejection: they share one empty list.
const NO_REJECTIONS = freeze([]);

/** `count` rejections whose five items start at `start`, their descriptions at `descriptions`. */
function readRejections(items, start, descriptions, count) {
  if (count === 0) return NO_REJECTIONS;
  const rejections = [];
  for (let i = 0; i < count; i++) {
    const at = start + i * EF_PACKED_REJECTION_ITEMS;
    const rejection = {
      key: items[at], locale: items[at + 1], table: items[at + 2], code: items[at + 3], message: items[at + 4],
    };
    hidden(rejection, 'description', items[descriptions + i]);
    rejections.push(freeze(hidden(rejection, 'toString', rejectionToString)));
  }
  return freeze(rejections);
}

/**
 * The result of ef_format_packed_reusable's items (ef_format_packed's, then one description per
 * rejection): the shape of `errfmt format --json`.
 */
function formattedFromItems(items) {
  const what = 'formatted error';
  const size = checkItems(items, what);
  const [untranslated, stackCount, ...rest] = numbers(items[EF_PACKED_HEADER], EF_PACKED_FORMAT_HEADER_NUMBERS, what);
  bounded(untranslated, 1, 'the untranslated flag', what);
  bounded(stackCount, size, 'the stack count', what);
  const rejectionCounts = rest.slice(0, FIELDS.length).map((count) => bounded(count, size, 'a rejection count', what));
  const nullMask = bounded(rest[FIELDS.length], nullBit(FIELDS.length, 0) - 1, 'the null mask', what);
  const rejectionTotal = rejectionCounts[0] + rejectionCounts[1] + rejectionCounts[2];
  expectCount(items, EF_PACKED_STACK + stackCount + (EF_PACKED_REJECTION_ITEMS + 1) * rejectionTotal, what);
  let position = EF_PACKED_STACK + stackCount;
  let description = position + EF_PACKED_REJECTION_ITEMS * rejectionTotal;
  const provenance = {};
  for (let field = 0; field < FIELDS.length; field++) {
    const start = EF_PACKED_PROVENANCE + field * EF_PACKED_PROVENANCE_ITEMS;
    provenance[FIELDS[field]] = freeze({
      rule: items[start],
      key: nullMask & nullBit(field, 0) ? null : items[start + 1],
      locale: nullMask & nullBit(field, 1) ? null : items[start + 2],
      table: nullMask & nullBit(field, 2) ? null : items[start + 3],
      rejections: readRejections(items, position, description, rejectionCounts[field]),
    });
    position += rejectionCounts[field] * EF_PACKED_REJECTION_ITEMS;
    description += rejectionCounts[field];
  }
  return freeze({
    title: items[EF_PACKED_TITLE], message: items[EF_PACKED_MESSAGE], button: items[EF_PACKED_BUTTON],
    stack: freeze(items.slice(EF_PACKED_STACK, EF_PACKED_STACK + stackCount)),
    untranslated: untranslated === 1, provenance: freeze(provenance),
  });
}

/** The result of ef_catalog_lookup_packed_v2's items (ef_catalog_lookup_packed's, then one
 *  description per rejection). */
function lookupFromItems(items) {
  const what = 'lookup';
  const size = checkItems(items, what);
  const [found, count] = numbers(items[EF_PACKED_HEADER], EF_PACKED_LOOKUP_HEADER_NUMBERS, what);
  bounded(found, 1, 'the found flag', what);
  bounded(count, size, 'the rejection count', what);
  expectCount(items, EF_PACKED_LOOKUP_REJECTIONS + (EF_PACKED_REJECTION_ITEMS + 1) * count, what);
  return freeze({
    value: found ? items[EF_PACKED_LOOKUP_VALUE] : null,
    locale: found ? items[EF_PACKED_LOOKUP_LOCALE] : null,
    table: items[EF_PACKED_LOOKUP_TABLE],
    rejections: readRejections(items, EF_PACKED_LOOKUP_REJECTIONS,
                               EF_PACKED_LOOKUP_REJECTIONS + EF_PACKED_REJECTION_ITEMS * count, count),
  });
}

// ----------------------------------------------------------------- descriptions and reports

function lintFindingToString() {
  // As `errfmt lint` prints a finding: file:line:column: severity: message [code].
  let location = '';
  if (this.file !== null) location += `${this.file}:`;
  if (this.line > 0) {
    location += `${this.line}:`;
    if (this.column > 0) location += `${this.column}:`;
  }
  return `${location ? `${location} ` : ''}${this.severity}: ${this.message} [${this.code}]`;
}

/** The diagnostic whose items start at `start`: a catalog's (without its key) or a lint finding. */
function readDiagnostic(items, start, finding, what) {
  const [severity, line, column, nulls] = numbers(items[start], EF_PACKED_DIAGNOSTIC_NUMBERS, what);
  if (!Object.prototype.hasOwnProperty.call(SEVERITIES, severity)) {
    throw malformed(what, `${severity} is not a severity`);
  }
  bounded(nulls, EF_PACKED_DIAGNOSTIC_NULL_FILE | EF_PACKED_DIAGNOSTIC_NULL_KEY, "a diagnostic's null mask", what);
  const diagnostic = {
    severity: SEVERITIES[severity], code: items[start + EF_PACKED_DIAGNOSTIC_CODE],
    message: items[start + EF_PACKED_DIAGNOSTIC_MESSAGE],
    file: nulls & EF_PACKED_DIAGNOSTIC_NULL_FILE ? null : items[start + EF_PACKED_DIAGNOSTIC_FILE], line, column,
  };
  if (!finding) return freeze(diagnostic);
  diagnostic.key = nulls & EF_PACKED_DIAGNOSTIC_NULL_KEY ? null : items[start + EF_PACKED_DIAGNOSTIC_KEY];
  return freeze(hidden(diagnostic, 'toString', lintFindingToString));
}

/** A catalog's description (ef_catalog_describe_packed's items): { developmentLocale,
 *  localizations, diagnostics }. */
function descriptionFromItems(items) {
  const what = 'catalog description';
  const size = checkItems(items, what);
  const [count, diagnosticCount] = numbers(items[EF_PACKED_HEADER], EF_PACKED_DESCRIBE_HEADER_NUMBERS, what);
  bounded(count, size, 'the localization count', what);
  bounded(diagnosticCount, size, 'the diagnostic count', what);
  expectCount(items, EF_PACKED_DESCRIBE_LOCALIZATIONS + count + EF_PACKED_DIAGNOSTIC_ITEMS * diagnosticCount, what);
  const first = EF_PACKED_DESCRIBE_LOCALIZATIONS + count;
  const diagnostics = [];
  for (let i = 0; i < diagnosticCount; i++) {
    diagnostics.push(readDiagnostic(items, first + EF_PACKED_DIAGNOSTIC_ITEMS * i, false, what));
  }
  return freeze({
    developmentLocale: items[EF_PACKED_DESCRIBE_DEVELOPMENT_LOCALE],
    localizations: freeze(items.slice(EF_PACKED_DESCRIBE_LOCALIZATIONS, first)),
    diagnostics: freeze(diagnostics),
  });
}

/** A lint report's findings (ef_lint_report_packed's items). */
function lintFindingsFromItems(items) {
  const what = 'lint report';
  const size = checkItems(items, what);
  const [, count] = numbers(items[EF_PACKED_HEADER], EF_PACKED_LINT_HEADER_NUMBERS, what);
  bounded(count, size, 'the finding count', what);
  expectCount(items, EF_PACKED_LINT_DIAGNOSTICS + EF_PACKED_DIAGNOSTIC_ITEMS * count, what);
  const findings = [];
  for (let i = 0; i < count; i++) {
    findings.push(readDiagnostic(items, EF_PACKED_LINT_DIAGNOSTICS + EF_PACKED_DIAGNOSTIC_ITEMS * i, true, what));
  }
  return freeze(findings);
}

/** A locale chain (ef_locale_chain_packed's items): { normalized, untranslated, entries }. */
function chainFromItems(items) {
  const what = 'locale chain';
  const size = checkItems(items, what);
  const [untranslated, count] = numbers(items[EF_PACKED_HEADER], EF_PACKED_CHAIN_HEADER_NUMBERS, what);
  bounded(untranslated, 1, 'the untranslated flag', what);
  bounded(count, size, 'the entry count', what);
  expectCount(items, EF_PACKED_CHAIN_ENTRIES + EF_PACKED_CHAIN_ENTRY_ITEMS * count, what);
  const entries = [];
  for (let i = 0; i < count; i++) {
    const at = EF_PACKED_CHAIN_ENTRIES + EF_PACKED_CHAIN_ENTRY_ITEMS * i;
    const [kind] = numbers(items[at + 1], 1, what);
    if (!Object.prototype.hasOwnProperty.call(CHAIN_KINDS, kind)) throw malformed(what, `${kind} is not a kind`);
    entries.push(freeze({ id: items[at], kind: CHAIN_KINDS[kind] }));
  }
  return freeze({ normalized: items[EF_PACKED_CHAIN_NORMALIZED], untranslated: untranslated === 1,
                  entries: freeze(entries) });
}

/** A preference list's entries (ef_locale_list_packed's items). */
function listFromItems(items) {
  const what = 'preference list';
  const size = checkItems(items, what);
  const [count] = numbers(items[EF_PACKED_HEADER], EF_PACKED_LIST_HEADER_NUMBERS, what);
  bounded(count, size, 'the entry count', what);
  expectCount(items, EF_PACKED_LIST_ENTRIES + count, what);
  return freeze(items.slice(EF_PACKED_LIST_ENTRIES));
}

/** The items of a packed output held as bytes (a Buffer or a Uint8Array, its last byte a NUL). */
function splitItems(bytes) {
  return native.splitItems(bytes);
}

module.exports = {
  FIELDS,
  chainFromItems,
  descriptionFromItems,
  formattedFromItems,
  lintFindingsFromItems,
  listFromItems,
  lookupFromItems,
  splitItems,
};
