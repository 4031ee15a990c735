'use strict';
// index.d.ts declares exactly what index.js exports, and Catalog's members (tsc checks the
// types themselves where TypeScript is installed: make test-node).

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test } = require('node:test');

const binding = require('..');

const declarations = fs.readFileSync(path.join(__dirname, '..', 'index.d.ts'), 'utf8');

test('every export is declared, and every declaration exported', () => {
  const declared = [...declarations.matchAll(/^export declare (?:const|function|class) (\w+)/gm)].map((m) => m[1]);
  assert.deepEqual([...new Set(declared)].sort(), Object.keys(binding).sort());
});

test("Catalog's members are declared", () => {
  const body = declarations.slice(declarations.indexOf('export declare class Catalog'));
  const classBody = body.slice(0, body.indexOf('\n}'));
  const declared = [...classBody.matchAll(/^ {2}(?:static |readonly )?(\w+)[(:]/gm)].map((m) => m[1])
    .filter((name) => name !== 'constructor');
  const members = [...Object.getOwnPropertyNames(binding.Catalog.prototype),
                   ...Object.getOwnPropertyNames(binding.Catalog)]
    .filter((name) => !['constructor', 'length', 'name', 'prototype'].includes(name));
  assert.deepEqual(declared.sort(), members.sort());
});

test('the package version is the library version', () => {
  assert.equal(binding.version, require('../package.json').version);
  assert.equal(binding.libraryVersion(), binding.version);
});

test('the README documents every export', () => {
  const readme = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
  const undocumented = Object.keys(binding).filter((name) => !readme.includes(`\`${name}`));
  assert.deepEqual(undocumented, []);
});
