'use strict';
// Problem responses: the bytes errfmt problem prints for the same error and header, the
// node:http and Express hooks on stand-in responses, and refusals. (make test-http runs the hooks
// on real servers.)

const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const { after, before, describe, test } = require('node:test');

const { Catalog, ErrorFormatterError, HTTPProblem, expressProblemHandler, writeProblem } = require('..');
const { CORE_LOCATION } = require('./helpers');

const TEMPLATE = 'https://errors.example.com/{domain}/{code}';

/** errfmt problem's output as { status, headers, body }. */
function errfmtProblem(args) {
  const printed = execFileSync(process.env.ERRFMT, ['problem', '--catalog', CORE_LOCATION, ...args]);
  const split = printed.indexOf('\n\n');
  const lines = printed.subarray(0, split).toString('utf8').split('\n');
  return {
    status: Number(lines[0].slice('Status: '.length)),
    headers: lines.slice(1).map((line) => line.split(': ')),
    body: printed.subarray(split + 2, printed.length - 1).toString('utf8'),
  };
}

/** A stand-in for node:http's ServerResponse: what the hooks set and send. */
function recordingResponse() {
  return {
    statusCode: 200, headersSent: false, fields: [], body: null,
    setHeader(name, value) { this.fields.push([name, String(value)]); },
    end(body) { this.body = body; this.headersSent = true; },
  };
}

describe('problem', () => {
  let catalog;
  before(() => { catalog = Catalog.open(CORE_LOCATION); });
  after(() => catalog.close());

  test('the same response as errfmt problem', { skip: !process.env.ERRFMT && 'ERRFMT is not set' }, () => {
    for (const header of [null, '', 'fr-CA, fr;q=0.8', 'de;q=0.5, ja', '*', 'i-klingon', 'zh-TW']) {
      for (const code of [0, 2, 9]) {
        const made = catalog.problem('kCLErrorDomain', code, {
          acceptLanguage: header, status: 404, typeTemplate: TEMPLATE, members: ['code', 'button'] });
        const args = ['--domain', 'kCLErrorDomain', '--code', String(code), '--status', '404',
                      '--type-template', TEMPLATE, '--member', 'code,button'];
        if (header !== null) args.push('--accept-language', header);
        assert.deepEqual({ ...made, headers: made.headers.map((field) => [...field]) }, errfmtProblem(args));
      }
    }
  });

  test('a response by hand', () => {
    const made = catalog.problem('kCLErrorDomain', 2, { acceptLanguage: 'fr-CA', status: 503, instance: '/r/1' });
    assert.equal(made.status, 503);
    assert.deepEqual(made.headers.map((field) => [...field]), [
      ['Content-Type', 'application/problem+json'], ['Content-Language', 'fr, fr-CA'], ['Vary', 'Accept-Language']]);
    assert.equal(made.body, '{"type":"about:blank","title":"Pas d’Internet","status":503,'
      + '"detail":"Internet n’est pas accessible ou une erreur est survenue.","instance":"/r/1"}');
  });

  test('a header string is read as the latin1 bytes node:http decoded', () => {
    const raw = Buffer.from([0x64, 0x65, 0xff, 0x2c, 0x20, 0x6a, 0x61]); // "de\xff, ja"
    const fromString = catalog.problem('kCLErrorDomain', 0, { acceptLanguage: raw.toString('latin1') });
    assert.deepEqual(fromString, catalog.problem('kCLErrorDomain', 0, { acceptLanguage: raw }));
    assert.equal(fromString.headers[1][1], 'ja');
  });

  test('refusals', () => {
    const refused = (options) => assert.throws(() => catalog.problem('kCLErrorDomain', 0, options),
      (error) => error instanceof ErrorFormatterError && error.code === 'EF_E_INVALID_ARGUMENT');
    refused({ status: 99 });
    refused({ members: ['everything'] });
    refused({ acceptLanguage: 'fr', locales: ['de'] });
    assert.throws(() => catalog.problem('kCLErrorDomain', 0, { colour: 'red' }), TypeError);
  });

  test('writeProblem and the Express middleware send the response', () => {
    const request = { headers: { 'accept-language': 'de' } };
    const error = new HTTPProblem('kCLErrorDomain', 0, { status: 404, instance: '/x' });
    const expected = catalog.problem('kCLErrorDomain', 0, { acceptLanguage: 'de', status: 404, instance: '/x',
                                                             typeTemplate: TEMPLATE });
    for (const send of [
      (response) => writeProblem(catalog, request, response, error, { typeTemplate: TEMPLATE }),
      (response) => expressProblemHandler(catalog, { typeTemplate: TEMPLATE })(error, request, response,
                                                                                 () => assert.fail('next called')),
    ]) {
      const response = recordingResponse();
      send(response);
      assert.equal(response.statusCode, 404);
      assert.deepEqual(response.fields, [...expected.headers.map((field) => [...field]),
                                         ['Content-Length', String(Buffer.byteLength(expected.body))]]);
      assert.equal(response.body.toString('utf8'), expected.body);
    }
    // Anything but an HTTPProblem goes on to the next error handler.
    const other = new Error('not a problem');
    let passed = null;
    expressProblemHandler(catalog)(other, request, recordingResponse(), (error) => { passed = error; });
    assert.equal(passed, other);
  });
});
