// docker-compose.yml cannot be run here (no Docker engine), so this checks what can go wrong on paper:
// a variable the service does not know, a missing connection, a dangling reference, a search attribute
// the workflows set but the stack never registers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { knownVariables, loadConfig } from '../../src/config.ts';
import { allSearchAttributes } from '../../src/domain/search-attributes.ts';

const root = new URL('../../', import.meta.url);

interface Service {
  image?: string;
  build?: unknown;
  command?: string | string[];
  entrypoint?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  volumes?: (string | { source?: string })[];
  configs?: (string | { source: string })[];
}

interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
  configs?: Record<string, unknown>;
}

// Merge keys (`<<: *anchor`) are YAML 1.1, which Compose supports; `yaml` needs to be told.
const compose = parse(readFileSync(new URL('docker-compose.yml', root), 'utf8'), { merge: true }) as Compose;
const services = compose.services;

/** Variables the stack requires from the shell or .env (`${VAR:?message}`), with a value an operator could give. */
const requiredFromShell: Record<string, string> = { SECRETS_KEY: randomBytes(32).toString('base64') };

/**
 * What Compose would pass: `${VAR:-default}` / `${VAR-default}` take their default, `${VAR:?message}` the value an
 * operator must give (requiredFromShell), `$$` is a literal `$`.
 */
function interpolate(value: string): string {
  return value
    .replace(/\$\{(\w+):\?[^}]*\}/g, (_, name: string) => {
      assert.ok(name in requiredFromShell, `compose requires ${name} from the shell; add a sample to requiredFromShell`);
      return requiredFromShell[name];
    })
    .replace(/\$\{(\w+)(?::?-([^}]*))?\}/g, (_, _name: string, fallback?: string) => fallback ?? '')
    .replaceAll('$$', '$');
}

function environmentOf(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  const entries: [string, string][] = Array.isArray(env)
    ? env.map((line) => {
        const at = line.indexOf('=');
        return at < 0 ? [line, ''] : [line.slice(0, at), line.slice(at + 1)];
      })
    : Object.entries(env).map(([key, value]) => [key, value === null ? '' : String(value)]);
  return Object.fromEntries(entries.map(([key, value]) => [key, interpolate(value)]));
}

function dependenciesOf(service: Service): string[] {
  const deps = service.depends_on ?? [];
  return Array.isArray(deps) ? deps : Object.keys(deps);
}

function commandText(service: Service): string {
  const parts = [service.entrypoint ?? [], service.command ?? []].flat();
  return interpolate(parts.join('\n'));
}

/** The services that run this repository's code. */
const ourServices = Object.entries(services).filter(([, service]) => service.build !== undefined);

test('the api and the worker are built from this repository and run the role entry points', () => {
  assert.ok(services.api, 'no api service');
  assert.ok(services.worker, 'no worker service');
  assert.ok(services.api.build, 'api is not built from the repository');
  assert.ok(services.worker.build, 'worker is not built from the repository');
  assert.match(commandText(services.api), /src\/main-api\.ts/);
  assert.match(commandText(services.worker), /src\/main-worker\.ts/);
  assert.ok(existsSync(new URL('Dockerfile', root)), 'Dockerfile is missing');
  for (const [name, service] of ourServices) {
    for (const file of commandText(service).match(/src\/[\w/.-]+\.ts/g) ?? []) {
      assert.ok(existsSync(new URL(file, root)), `${name} runs ${file}, which does not exist`);
    }
  }
});

test('every variable set on our services is one the config module knows', () => {
  assert.ok(ourServices.length >= 2);
  for (const [name, service] of ourServices) {
    for (const variable of Object.keys(environmentOf(service))) {
      assert.ok(knownVariables.includes(variable), `${name} sets ${variable}, which src/config.ts does not know`);
    }
  }
});

test('the api and the worker both name a real database and a Temporal server, on services of this stack', () => {
  for (const name of ['api', 'worker']) {
    const env = environmentOf(services[name]);
    assert.ok(env.DATABASE_URL, `${name} has no DATABASE_URL`);
    assert.ok(env.TEMPORAL_ADDRESS, `${name} has no TEMPORAL_ADDRESS`);
    const database = new URL(env.DATABASE_URL);
    assert.ok(services[database.hostname], `${name}'s DATABASE_URL points at ${database.hostname}, not a service`);
    const temporalHost = env.TEMPORAL_ADDRESS.split(':')[0];
    assert.ok(services[temporalHost], `${name}'s TEMPORAL_ADDRESS points at ${temporalHost}, not a service`);
    assert.ok(dependenciesOf(services[name]).length > 0, `${name} starts without waiting for anything`);
  }
  const api = environmentOf(services.api);
  const worker = environmentOf(services.worker);
  for (const variable of ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'TEMPORAL_NAMESPACE', 'TEMPORAL_TASK_QUEUE', 'DATA_DIR']) {
    assert.equal(api[variable], worker[variable], `api and worker disagree on ${variable}`);
  }
});

test('the values our services get (with their defaults) pass the config module', () => {
  for (const [name, service] of ourServices) {
    assert.doesNotThrow(() => loadConfig(environmentOf(service)), `${name}'s environment is rejected`);
  }
  const api = loadConfig(environmentOf(services.api));
  assert.equal(api.HOST, '0.0.0.0', 'the api must listen on every interface inside its container');
});

test('the api and the worker share one SECRETS_KEY that the operator must give, and refuse private webhook destinations', () => {
  const api = loadConfig(environmentOf(services.api));
  const worker = loadConfig(environmentOf(services.worker));
  assert.equal(api.SECRETS_KEY, requiredFromShell.SECRETS_KEY);
  assert.equal(worker.SECRETS_KEY, api.SECRETS_KEY);
  assert.equal(api.WEBHOOK_ALLOW_PRIVATE_DESTINATIONS, false);
  assert.equal(worker.WEBHOOK_ALLOW_PRIVATE_DESTINATIONS, false);
});

test('every service that is referenced exists', () => {
  for (const [name, service] of Object.entries(services)) {
    for (const dependency of dependenciesOf(service)) {
      assert.ok(services[dependency], `${name} depends on ${dependency}, which is not a service`);
    }
    for (const volume of service.volumes ?? []) {
      const source = typeof volume === 'string' ? volume.split(':')[0] : volume.source;
      if (source && !source.startsWith('.') && !source.startsWith('/')) {
        assert.ok(compose.volumes && source in compose.volumes, `${name} mounts volume ${source}, which is not declared`);
      }
    }
    for (const config of service.configs ?? []) {
      const source = typeof config === 'string' ? config : config.source;
      assert.ok(compose.configs && source in compose.configs, `${name} uses config ${source}, which is not declared`);
    }
    const env = environmentOf(service);
    if (env.POSTGRES_SEEDS) assert.ok(services[env.POSTGRES_SEEDS], `${name}: POSTGRES_SEEDS is not a service`);
  }
});

test('Temporal runs on the stack\'s PostgreSQL 17', () => {
  assert.match(services.postgres?.image ?? '', /^postgres:17(\b|$)/);
  const temporal = Object.values(services).find((s) => environmentOf(s).DB === 'postgres12');
  assert.ok(temporal, 'no Temporal server with the postgres12 driver');
  assert.equal(environmentOf(temporal).POSTGRES_SEEDS, 'postgres');
  assert.ok(Object.values(services).some((s) => /^temporalio\/ui:/.test(s.image ?? '')), 'no Temporal UI');
});

test('the search attributes our workflows set are registered in Temporal, with their types', () => {
  const setup = Object.values(services).filter((s) => commandText(s).includes('search-attribute create'));
  assert.equal(setup.length, 1, 'expected one service that registers search attributes');
  const script = commandText(setup[0]);
  const cliType = (type: string) => type.toLowerCase().replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase());
  assert.deepEqual(
    allSearchAttributes.map((key) => key.name).sort(),
    ['AccountId', 'BatchId', 'EndpointId', 'Mode', 'ResourceId'],
  );
  for (const key of allSearchAttributes) {
    assert.match(script, new RegExp(`\\b${key.name}\\s+${cliType(key.type)}\\b`), `${key.name} (${key.type}) is not registered`);
  }
  // The api and the worker must not start before the attributes exist (a start with an unknown one fails).
  const setupName = Object.entries(services).find(([, s]) => s === setup[0])?.[0] ?? '';
  for (const name of ['api', 'worker']) {
    assert.ok(dependenciesOf(services[name]).includes(setupName), `${name} does not wait for ${setupName}`);
  }
});
