#!/usr/bin/env node
'use strict';
/*
 * demo.js -- formats the cross-binding cases through the Node.js binding of liberrorformatter.
 *
 * usage: node demo.js <cases file>          (Examples/cases.tsv)
 *
 * Prints one record per case in the format of Examples/README.md, identical to the C, C++,
 * Python, Rust, Swift and errfmt demos', so that they can be diffed.
 */

const fs = require('node:fs');
const path = require('node:path');

const { Catalog, ErrorFormatterError, FIELDS, double, int64, uint64 } = require('errorformatter');

const UNESCAPES = { '\\': '\\', t: '\t', n: '\n', r: '\r' };
const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;
const UINT64_MAX = (1n << 64n) - 1n;

/** A field with \\, \t, \n and \r replaced by what they stand for. */
function unescaped(field) {
  return field.replace(/\\(.?)/gs, (escape, following) => {
    if (!Object.prototype.hasOwnProperty.call(UNESCAPES, following)) throw new Error(`unknown escape ${escape} in ${JSON.stringify(field)}`);
    return UNESCAPES[following];
  });
}

/** Text with \, TAB, LF and CR escaped, so that one record's lines never split. */
function escaped(text) {
  return text.replace(/[\\\t\n\r]/g, (character) =>
    ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[character]);
}

/** A provenance value: null is "-", the unlocalized tables' "" is "(unlocalized)". */
function origin(value, isLocale = false) {
  if (value === null) return '-';
  if (isLocale && value === '') return '(unlocalized)';
  return escaped(value);
}

function integer(text, min, max, what) {
  if (!/^-?[0-9]+$/.test(text)) throw new Error(`${what} ${text} is not a decimal integer`);
  const value = BigInt(text);
  if (value < min || value > max) throw new Error(`${what} ${text} is out of range`);
  return value;
}

/** A typed argument of the cases file: s:<string>, i:<int64>, u:<uint64>, d:<double>. */
function argument(field) {
  const separator = field.indexOf(':');
  const [kind, text] = [field.slice(0, separator), field.slice(separator + 1)];
  switch (separator === -1 ? '' : kind) {
    case 's': return unescaped(text);
    case 'i': return int64(integer(text, INT64_MIN, INT64_MAX, 'int64 argument'));
    case 'u': return uint64(integer(text, 0n, UINT64_MAX, 'uint64 argument'));
    case 'd': return double(Number(text));
    default: throw new Error(`argument ${JSON.stringify(field)} has no known type (s:, i:, u: or d:)`);
  }
}

/** The cases of the file, in order; catalogs are resolved beside it. */
function readCases(file) {
  const cases = [];
  fs.readFileSync(file, 'utf8').split('\n').forEach((line, index) => {
    if (line === '' || line.startsWith('#')) return;
    const fields = line.split('\t');
    if (fields.length < 8) throw new Error(`${file}:${index + 1}: ${fields.length} fields, at least 8 expected`);
    const optional = (field) => (field === '-' ? null : unescaped(field));
    cases.push({
      catalog: path.join(path.dirname(file), fields[0]),
      localesField: fields[1],
      locales: fields[1] === '-' ? [] : fields[1].split(','),
      domain: unescaped(fields[2]),
      code: integer(fields[3], INT64_MIN, INT64_MAX, 'code'),
      description: optional(fields[4]),
      failureReason: optional(fields[5]),
      recoverySuggestion: optional(fields[6]),
      table: optional(fields[7]),
      arguments: fields.slice(8).map(argument),
    });
  });
  return cases;
}

function record(testCase, shown) {
  const lines = [[testCase.localesField, escaped(testCase.domain), String(testCase.code),
                  ...FIELDS.map((field) => `${field}=${escaped(shown[field])}`)].join('\t')];
  for (const field of FIELDS) {
    const { rule, key, locale, table } = shown.provenance[field];
    lines.push(['', field, `rule=${origin(rule)}`, `key=${origin(key)}`,
                `locale=${origin(locale, true)}`, `table=${origin(table)}`].join('\t'));
  }
  lines.push(`\tstack\t${shown.stack.map((entry) => (entry ? escaped(entry) : '(unlocalized)')).join(',')}`);
  for (const field of FIELDS) {
    for (const rejection of shown.provenance[field].rejections) {
      lines.push(`\trejected\t${field}\t${escaped(String(rejection))}`);
    }
  }
  return lines.join('\n');
}

function printDiagnostics(catalog) {
  for (const { file, line, column, severity, message, code } of catalog.diagnostics) {
    process.stderr.write(`${file ?? '(catalog)'}:${line}:${column}: ${severity}: ${message} [${code}]\n`);
  }
}

function main(argv) {
  if (argv.length !== 3) {
    process.stderr.write(`usage: ${path.basename(argv[1])} <cases file>\n`);
    return 2;
  }
  const catalogs = new Map();
  const out = [];
  try {
    for (const testCase of readCases(argv[2])) {
      let catalog = catalogs.get(testCase.catalog);
      if (catalog === undefined) {
        // Each record prints its rejections, as every runtime's demo does: the binding's own
        // warning about them would only repeat it, differently in each runtime.
        catalog = Catalog.open(testCase.catalog, { developmentLocale: 'en', rejections: 'ignore' });
        catalogs.set(testCase.catalog, catalog);
        printDiagnostics(catalog);
      }
      const shown = catalog.format(testCase.domain, testCase.code, {
        locales: testCase.locales, description: testCase.description,
        failureReason: testCase.failureReason, recoverySuggestion: testCase.recoverySuggestion,
        table: testCase.table, arguments: testCase.arguments,
      });
      out.push(`${record(testCase, shown)}\n`);
    }
  } catch (error) {
    if (!(error instanceof ErrorFormatterError)) throw error;
    process.stderr.write(`demo: ${error.message} (${error.code})\n`);
    return 1;
  } finally {
    for (const catalog of catalogs.values()) catalog.close();
    process.stdout.write(out.join(''));
  }
  return 0;
}

process.exitCode = main(process.argv);
