'use strict';
// The packed format's golden vectors (Tests/vectors/packed, docs/packed-format.md): every output
// decodes to what errfmt --json prints for the same call, and is what this binding's own call
// gives; every malformed output is refused with ErrorFormatterError EF_E_INTERNAL.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test } = require('node:test');

const { Catalog, ErrorFormatterError, double, int64, uint64 } = require('..');
const packed = require('../packed.js');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const VECTORS = path.join(ROOT, 'Tests', 'vectors', 'packed');
const MISSING = fs.existsSync(path.join(VECTORS, 'cases.json'))
  ? false : `skipped: the golden vectors are not in ${VECTORS}`;
const manifest = MISSING ? { cases: [], malformed: [] } : JSON.parse(fs.readFileSync(path.join(VECTORS, 'cases.json')));

/** The case's arguments, typed as the request's kind bytes say ('n' by its value, as JavaScript's own integers are). */
function argumentsOf(vector) {
  return vector.arguments.map(({ kind, value }) => {
    switch (kind) {
      case 's': return value;
      case 'i': return int64(BigInt(value));
      case 'u': return uint64(BigInt(value));
      case 'd': return double(Number(value));
      case 'n': return BigInt(value);
      default: throw new Error(`an argument of kind ${kind}`);
    }
  });
}

// What errfmt lookup --json prints: the rejections are its "diagnostics".
function lookupJson({ value, locale, table, rejections }) {
  return { value, locale, table, diagnostics: rejections };
}

test('every output decodes to what errfmt prints and to what the binding gives', { skip: MISSING }, () => {
  assert.ok(manifest.cases.length > 20);
  for (const vector of manifest.cases) {
    const { name } = vector;
    const output = fs.readFileSync(path.join(VECTORS, `${name}.out`));
    const expected = JSON.parse(fs.readFileSync(path.join(VECTORS, `${name}.json`), 'utf8'));
    assert.equal(output.length, vector.length, name);
    const items = packed.splitItems(output);
    assert.equal(items.length, vector.items, name);
    const catalog = Catalog.open(path.join(ROOT, vector.catalog));
    try {
      if (vector.call === 'format') {
        const decoded = packed.formattedFromItems(items);
        assert.deepEqual(JSON.parse(JSON.stringify(decoded)), expected, name);
        const options = {
          locales: vector.preferences, description: vector.description, failureReason: vector.failure_reason,
          recoverySuggestion: vector.recovery_suggestion, table: vector.table, arguments: argumentsOf(vector),
        };
        assert.deepEqual(catalog.format(vector.domain, vector.code, options), decoded, name);
        for (const field of packed.FIELDS) {
          for (const rejection of decoded.provenance[field].rejections) {
            assert.ok(rejection.description.startsWith(`${rejection.key} in `), name);
          }
        }
      } else {
        const decoded = packed.lookupFromItems(items);
        assert.deepEqual(JSON.parse(JSON.stringify(lookupJson(decoded))), expected, name);
        const options = { locales: vector.preferences, table: vector.table, arguments: argumentsOf(vector) };
        assert.deepEqual(catalog.lookup(vector.key, options), decoded, name);
      }
    } finally {
      catalog.close();
    }
  }
});

test('every malformed output is refused', { skip: MISSING }, () => {
  assert.ok(manifest.malformed.length > 20);
  for (const { name, call } of manifest.malformed) {
    const output = fs.readFileSync(path.join(VECTORS, 'malformed', `${name}.out`));
    const decode = call === 'format' ? packed.formattedFromItems : packed.lookupFromItems;
    assert.throws(() => decode(packed.splitItems(output)), (error) => {
      assert.ok(error instanceof ErrorFormatterError, `${name}: ${error}`);
      assert.equal(error.code, 'EF_E_INTERNAL', name);
      assert.ok(error.message.startsWith('malformed packed '), `${name}: ${error.message}`);
      return true;
    }, name);
  }
});
