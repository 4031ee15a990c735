'use strict';
// The addon's own functions, called directly with every kind of JavaScript value in every
// position (the JavaScript layer is bypassed): each call returns or throws, none crashes (the
// suite also runs with the addon under AddressSanitizer and UBSan, make test-node). The values
// are drawn by a fixed-seed generator: every run makes the same calls.

const assert = require('node:assert/strict');
const path = require('node:path');
const { test } = require('node:test');

require('..'); // registers ErrorFormatterError with the addon
const native = require(process.env.ERRORFORMATTER_NODE_ADDON || path.join(__dirname, '..', 'native', 'errorformatter.node'));
const { ErrorFormatterError } = require('..');
const { SYNC, temporaryDirectory } = require('./helpers');

// A hostile string can be a relative path that catalogCompile or catalogCompileAsync writes to:
// it goes to a directory of this run, not the working directory it was started in.
process.chdir(temporaryDirectory());

// A linear congruential generator (the C standard's example constants).
function generator(seed) {
  let state = seed;
  return (bound) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % bound;
  };
}

test('every addon function with hostile values: returns or throws, never crashes', async () => {
  const random = generator(12345);
  const open = native.catalogOpen(SYNC, 'en', false);
  const closed = native.catalogOpen(SYNC, 'en', false);
  native.catalogClose(closed);
  const values = [
    undefined, null, 0, -1, 1.5, NaN, 2 ** 64, 1n, -(1n << 80n), '', 'fr', '\ud800', 'a\0b',
    'errors.title', [], ['fr'], [1, 2], ['\udfff'], new Array(3), {}, { length: 5 },
    new Uint8Array([0x22, 0]), Buffer.from('"a" = "b";'), new Float32Array(2), new Proxy(['fr'], {}),
    () => 1, Symbol('s'), open, closed, [[null, 'Localizable.strings', '"a" = "b";']],
    [0, 'x', 1, 5n, 2, 7, 3, 1.5], [9, 'x'], [0], true, false,
  ];
  const functions = Object.keys(native).filter((name) => name !== 'registerErrorClass');
  const expected = (error) => error instanceof ErrorFormatterError || error instanceof TypeError;
  const promises = []; // catalogOpenAsync's, settled at the end
  let thrown = 0;
  for (let call = 0; call < 20000; call++) {
    const name = functions[random(functions.length)];
    const args = Array.from({ length: random(10) }, () => values[random(values.length)]);
    try {
      const result = native[name](...args);
      if (result instanceof Promise) promises.push(result);
    } catch (error) {
      thrown++;
      assert.ok(expected(error), `${name}: ${error && error.stack}`);
    }
  }
  // Most calls get a wrong value somewhere; some are well-formed and succeed.
  assert.ok(thrown > 1000 && thrown < 20000, `${thrown} of 20000 threw`);
  // The asynchronous open, with every value as the path and a few for the other two: a call
  // with a wrong value throws at once; one with a path settles its promise, as a handle or as
  // the library's error, on the JavaScript thread.
  for (const directory of [...values, SYNC]) {
    for (const developmentLocale of [undefined, null, 'fr', '\ud800', 42]) {
      for (const strict of [false, true, 'x']) {
        try {
          promises.push(native.catalogOpenAsync(directory, developmentLocale, strict));
        } catch (error) {
          assert.ok(expected(error), `catalogOpenAsync: ${error && error.stack}`);
        }
      }
    }
  }
  assert.ok(promises.length > 0);
  for (const outcome of await Promise.allSettled(promises)) {
    if (outcome.status === 'rejected') assert.ok(expected(outcome.reason), String(outcome.reason));
  }
  native.catalogClose(open);
});
