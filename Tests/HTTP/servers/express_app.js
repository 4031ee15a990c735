'use strict';
// The Express app of make test-http (Debian's node-express): every route throws an HTTPProblem,
// answered by the binding's error middleware. usage: node express_app.js CATALOG PORT

const http = require('node:http');
const express = require('express');
const { Catalog, HTTPProblem, expressProblemHandler } = require('errorformatter');

const catalog = Catalog.open(process.argv[2]);
const app = express();
app.get('/errors/:domain/:code', (request) => {
  throw new HTTPProblem(request.params.domain, Number(request.params.code), {
    status: Number(request.query.status || 500), instance: request.query.instance || null });
});
app.use(expressProblemHandler(catalog, {
  typeTemplate: 'https://errors.example.com/{domain}/{code}', members: ['code', 'domain'] }));

// Headers up to 256 KiB: the suite sends a 64 KiB Accept-Language.
http.createServer({ maxHeaderSize: 256 * 1024 }, app).listen(Number(process.argv[3]), '127.0.0.1');
