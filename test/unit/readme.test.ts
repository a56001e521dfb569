// The README is for someone who cloned the repository (issue 35): short, every link inside the repository, and
// every curl example a request the service takes. The curl examples are checked against the OpenAPI document the
// service serves (the same one its routes validate with): the path and method must be an operation, each form
// field or JSON key a parameter of its body, each query parameter one of its parameters.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createOpenApiDocument } from '../../src/contract/openapi.ts';
import { readmeCurlCommands } from '../helpers/readme.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
/** The documents a user reads besides the README, which link to each other. */
const documents = ['README.md', 'docs/api.md', 'docs/decisions.md', 'docs/testing.md', 'docs/architecture.md', 'docs/payout-write-path.md', 'test/bench/README.md', 'test/bench/HISTORY.md'];

test('the README stays under 350 lines and has no placeholder', () => {
  const lines = readme.split('\n').length;
  assert.ok(lines < 350, `README.md has ${lines} lines`);
  assert.doesNotMatch(readme, /\bTODO\b|\bTBD\b|\bFIXME\b/);
});

test('every link of the README and the docs points at a file inside the repository', () => {
  let checked = 0;
  for (const doc of documents) {
    const text = readFileSync(path.join(root, doc), 'utf8');
    assert.doesNotMatch(text, /\.\.\/shared\b/, `${doc} names the shared folder beside the repository, which a clone does not have`);
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      assert.doesNotMatch(target, /^[a-z][a-z0-9+.-]*:/i, `${doc} links outside the repository: ${target}`);
      const file = path.resolve(path.dirname(path.join(root, doc)), target.replace(/#.*$/, ''));
      assert.ok(file.startsWith(root), `${doc} links outside the repository: ${target}`);
      assert.ok(existsSync(file), `${doc} links to ${target}, which does not exist`);
      checked++;
    }
  }
  assert.ok(checked > 5);
});

test('every npm script the README names exists', () => {
  const scripts = Object.keys(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts);
  const named = [...readme.matchAll(/npm run ([a-z:]+)/g), ...readme.matchAll(/`(bench:[a-z]+)`/g)].map((m) => m[1]);
  assert.ok(named.length > 5);
  for (const name of named) assert.ok(scripts.includes(name), `README names npm run ${name}, which package.json does not have`);
});

interface Schema {
  $ref?: string;
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, unknown>;
}
interface Operation {
  parameters?: { name: string; in: string; schema?: { enum?: string[] } }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
const openapi = createOpenApiDocument() as unknown as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

function bodyFields(schema: Schema | undefined): Set<string> {
  if (!schema) return new Set();
  if (schema.$ref) return bodyFields(openapi.components.schemas[schema.$ref.split('/').pop()!]);
  const parts = [...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return new Set([...Object.keys(schema.properties ?? {}), ...parts.flatMap((part) => [...bodyFields(part)])]);
}

/**
 * The document's path template that a README path stands for, for a method: an id written as `pout_...` fills an
 * id parameter, a word fills a parameter whose values it is one of (`/collections/{id}/{action}`).
 */
function templateOf(urlPath: string, method: string): string | undefined {
  const segments = urlPath.split('/');
  return Object.keys(openapi.paths).find((template) => {
    const operation = openapi.paths[template][method];
    const t = template.split('/');
    if (!operation || t.length !== segments.length) return false;
    return t.every((s, i) => {
      if (s === segments[i]) return true;
      const name = /^\{(.+)\}$/.exec(s)?.[1];
      const parameter = operation.parameters?.find((p) => p.in === 'path' && p.name === name);
      if (!parameter) return false;
      return parameter.schema?.enum ? parameter.schema.enum.includes(segments[i]) : /^[a-z]+_\.\.\.$/.test(segments[i]);
    });
  });
}

test('every curl example of the README is an operation of the OpenAPI document, with its parameters', () => {
  const commands = readmeCurlCommands();
  assert.ok(commands.length >= 25, `found ${commands.length} curl examples`);
  for (const { argv, method, url, headers, data, rawData } of commands) {
    const command = argv.join(' ');
    // curl -d sends its value as written, and a form decodes `+` as a space (`phone=+91...` arrives as ` 91...`).
    for (const value of rawData) if (!/^[{[]/.test(value)) assert.doesNotMatch(value, /\+/, `${command}: -d ${value} arrives with a space for its +`);
    const json = headers.some(([name, value]) => /^content-type$/i.test(name) && value.startsWith('application/json'));
    const [urlPath, query = ''] = url.replace('$API', '/v1').split('?');
    const template = templateOf(urlPath, method.toLowerCase());
    assert.ok(template, `${command}: no operation is ${method} ${urlPath}`);
    const operation = openapi.paths[template][method.toLowerCase()];

    const parameters = new Set((operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
    for (const pair of query.split('&').filter(Boolean)) {
      const name = pair.split('=')[0].replace(/\[.*$/, '');
      assert.ok(parameters.has(name), `${command}: ${template} takes no query parameter ${name}`);
    }
    const content = operation.requestBody?.content ?? {};
    const fields = bodyFields((content['application/x-www-form-urlencoded'] ?? content['application/json'])?.schema);
    const given = json ? data.flatMap((body) => Object.keys(JSON.parse(body))) : data.map((pair) => pair.split('=')[0].replace(/\[.*$/, ''));
    for (const name of given) assert.ok(fields.has(name), `${command}: ${method} ${template} takes no ${name}`);
  }
});
