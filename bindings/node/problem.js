'use strict';
/*
 * Problem responses (RFC 9457) for Node.js services: the library makes the whole response (the
 * status, the header fields, the JSON body, the language negotiation) in one call; this module
 * passes the request's Accept-Language header through as the bytes that arrived, turns the
 * library's items into a value, and hands it to node:http or Express. It builds no JSON and
 * reads no header itself.
 *
 *   const { Catalog, HTTPProblem, expressProblemHandler } = require('errorformatter');
 *   app.get('/orders/:id', () => { throw new HTTPProblem('OrderErrorDomain', 4, { status: 404 }); });
 *   app.use(expressProblemHandler(catalog, { typeTemplate: 'https://errors.example.com/{domain}/{code}' }));
 */

/** The extension members a body may add, by name, as the library's flags (EF_PROBLEM_*). */
const MEMBERS = Object.freeze({ code: 1, domain: 2, button: 4 });

/**
 * An error to send as a problem response: its domain and code, the HTTP status, and optionally
 * the URI of this occurrence, the error's texts and its arguments (as Catalog.format takes them).
 */
class HTTPProblem extends Error {
  constructor(domain, code, { status = 500, instance = null, description = null, failureReason = null,
                              recoverySuggestion = null, table = null, arguments: values = null } = {}) {
    super(`${domain} ${code}`);
    this.domain = domain;
    this.errorCode = code;
    this.status = status;
    this.instance = instance;
    this.description = description;
    this.failureReason = failureReason;
    this.recoverySuggestion = recoverySuggestion;
    this.table = table;
    this.arguments = values;
  }
}
Object.defineProperty(HTTPProblem.prototype, 'name', { value: 'HTTPProblem', configurable: true });

/** The flags of a list of member names. */
function memberFlags(members, fail) {
  let flags = 0;
  for (const member of members || []) {
    if (!Object.prototype.hasOwnProperty.call(MEMBERS, member)) fail(`unknown member '${member}' (code, domain or button)`);
    flags |= MEMBERS[member];
  }
  return flags;
}

/**
 * A header value as the bytes that arrived: node:http gives headers as strings decoded as
 * latin1, so that encoding gives their bytes back; an array (repeated fields) is joined as HTTP
 * joins them. null/undefined: the request had none.
 */
function headerBytes(value) {
  if (value === undefined || value === null) return null;
  if (Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) value = value.join(', ');
  return Buffer.from(String(value), 'latin1');
}

/** The value of ef_format_problem's items: { status, headers: [[name, value], ...], body }. */
function problemFromItems(items, fail) {
  const numbers = (items[0] || '').split(' ');
  if (numbers.length !== 2 || !numbers.every((number) => /^[0-9]+$/.test(number))) {
    fail(`ef_format_problem's header item '${items[0]}' is not two numbers`);
  }
  const [status, fields] = numbers.map(Number);
  if (items.length !== 2 + 2 * fields) fail(`ef_format_problem wrote ${items.length} items, not ${2 + 2 * fields}`);
  const headers = [];
  for (let field = 0; field < fields; field++) {
    headers.push(Object.freeze([items[1 + 2 * field], items[2 + 2 * field]]));
  }
  return Object.freeze({ status, headers: Object.freeze(headers), body: items[1 + 2 * fields] });
}

/** The request's Accept-Language, as the bytes node:http (or Express, over it) read. */
function acceptLanguageOf(request) {
  return request && request.headers ? request.headers['accept-language'] : undefined;
}

/**
 * Sends `problem` (a value of catalog.problem) on a node:http ServerResponse (or Express's
 * response, which is one): its status, its header fields, its body, and nothing else.
 */
function sendProblem(response, problem) {
  const body = Buffer.from(problem.body, 'utf8');
  response.statusCode = problem.status;
  for (const [name, value] of problem.headers) response.setHeader(name, value);
  response.setHeader('Content-Length', body.length);
  response.end(body);
}

/**
 * Answers `request` with the problem response for `error` (an HTTPProblem): for a node:http
 * handler, `writeProblem(catalog, request, response, error, { typeTemplate })`.
 */
function writeProblem(catalog, request, response, error, { typeTemplate = null, members = null } = {}) {
  sendProblem(response, problemOf(catalog, request, error, { typeTemplate, members }));
}

function problemOf(catalog, request, error, { typeTemplate = null, members = null } = {}) {
  return catalog.problem(error.domain, error.errorCode, {
    acceptLanguage: acceptLanguageOf(request), status: error.status, typeTemplate, instance: error.instance,
    members, description: error.description, failureReason: error.failureReason,
    recoverySuggestion: error.recoverySuggestion, table: error.table, arguments: error.arguments,
  });
}

/**
 * An Express error middleware, `(err, req, res, next)`: an HTTPProblem is answered with its
 * problem response; anything else goes on to the next error handler.
 */
function expressProblemHandler(catalog, options = {}) {
  return function problemHandler(error, request, response, next) {
    if (!(error instanceof HTTPProblem)) return next(error);
    if (response.headersSent) return next(error);
    writeProblem(catalog, request, response, error, options);
  };
}

module.exports = { HTTPProblem, MEMBERS, expressProblemHandler, headerBytes, memberFlags, problemFromItems,
                   sendProblem, writeProblem };
