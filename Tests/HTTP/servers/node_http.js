'use strict';
// The node:http server of make test-http: every request is an HTTPProblem, answered by the
// binding's writeProblem. usage: node node_http.js CATALOG PORT

const http = require('node:http');
const { Catalog, HTTPProblem, writeProblem } = require('errorformatter');

const catalog = Catalog.open(process.argv[2]);
const options = { typeTemplate: 'https://errors.example.com/{domain}/{code}', members: ['code', 'domain'] };

// Headers up to 256 KiB: the suite sends a 64 KiB Accept-Language.
const server = http.createServer({ maxHeaderSize: 256 * 1024 }, (request, response) => {
  const url = new URL(request.url, 'http://localhost');
  const [, route, domain, code] = url.pathname.split('/').map(decodeURIComponent);
  if (route !== 'errors') {
    response.statusCode = 404;
    response.end();
    return;
  }
  const error = new HTTPProblem(domain, Number(code), {
    status: Number(url.searchParams.get('status') || 500), instance: url.searchParams.get('instance') });
  writeProblem(catalog, request, response, error, options);
});
server.listen(Number(process.argv[3]), '127.0.0.1');
