// The production-shaped stack is configuration, so its contract is checked statically: pinned images,
// durable state, and every service pointed at the right neighbour.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

interface Service {
  image?: string;
  build?: unknown;
  command?: string[] | string;
  environment?: Record<string, string> | string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[] | string };
  ports?: string[];
}

const root = path.resolve(__dirname, '..', '..');
const compose = parse(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
};
const services = compose.services;

function env(name: string): Record<string, string> {
  const e = services[name]?.environment;
  if (!e) return {};
  if (Array.isArray(e)) {
    return Object.fromEntries(
      e.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
  }
  return Object.fromEntries(Object.entries(e).map(([k, v]) => [k, String(v)]));
}

function dependsOn(name: string): Record<string, string> {
  const d = services[name]?.depends_on;
  if (!d) return {};
  if (Array.isArray(d)) return Object.fromEntries(d.map((s) => [s, 'service_started']));
  return Object.fromEntries(Object.entries(d).map(([k, v]) => [k, v.condition]));
}

describe('docker-compose.yml', () => {
  test('given the stack, when it is read, then every expected service exists', () => {
    for (const name of ['postgres', 'temporal', 'temporal-ui', 'api', 'worker']) {
      expect(services).toHaveProperty(name);
    }
  });

  test('given every service, when its image is read, then it names an exact tag (never missing or latest)', () => {
    for (const [name, service] of Object.entries(services)) {
      if (!service.image) {
        expect({ name, build: service.build }).toEqual({ name, build: expect.anything() });
        continue;
      }
      const match = /^(?<repo>[^@]+?)(?::(?<tag>[^:/@]+))?(?:@sha256:[a-f0-9]{64})?$/.exec(service.image);
      const tag = match?.groups?.tag;
      expect({ name, tag }).toEqual({ name, tag: expect.stringMatching(/^v?\d+\.\d+/) });
      expect(tag).not.toBe('latest');
    }
  });

  test('given postgres, when its storage is read, then its data directory is a named volume with a healthcheck', () => {
    const postgres = services.postgres!;
    expect(postgres.image).toMatch(/^postgres:15\./);
    const dataVolume = postgres.volumes?.find((v) => v.endsWith(':/var/lib/postgresql/data'));
    const volumeName = dataVolume?.split(':')[0];
    expect(volumeName).toBeDefined();
    expect(Object.keys(compose.volumes ?? {})).toContain(volumeName);
    expect(postgres.healthcheck?.test).toBeDefined();
  });

  test('given temporal, when its settings are read, then it persists to the postgres service and starts after it is healthy', () => {
    const temporalEnv = env('temporal');
    expect(temporalEnv.DB).toMatch(/^postgres/);
    expect(temporalEnv.POSTGRES_SEEDS).toBe('postgres');
    expect(temporalEnv.DB_PORT).toBe('5432');
    expect(dependsOn('temporal')).toMatchObject({ postgres: 'service_healthy' });
    expect(services.temporal!.healthcheck?.test).toBeDefined();
  });

  test('given the Temporal UI, when its settings are read, then it points at the temporal service', () => {
    expect(env('temporal-ui').TEMPORAL_ADDRESS).toBe('temporal:7233');
    expect(services['temporal-ui']!.ports).toContain('8233:8080');
    expect(Object.keys(dependsOn('temporal-ui'))).toContain('temporal');
  });

  test.each(['api', 'worker'])(
    'given the %s service, when its settings are read, then it uses the postgres and temporal services and waits for them',
    (name) => {
      const appEnv = env(name);
      expect(new URL(appEnv.DATABASE_URL!).hostname).toBe('postgres');
      expect(appEnv.TEMPORAL_ADDRESS).toBe('temporal:7233');
      expect(appEnv.JWT_SECRET).toBeDefined();
      expect(dependsOn(name)).toMatchObject({ postgres: 'service_healthy', temporal: 'service_healthy' });
      expect(services[name]!.build).toBeDefined();
      expect([services[name]!.command].flat().join(' ')).toContain(`npm run ${name}`);
    },
  );

  test('given schema migrations, when the app starts, then a one-shot job has migrated the database first', () => {
    expect([services.migrate?.command].flat().join(' ')).toContain('db:migrate');
    expect(dependsOn('migrate')).toMatchObject({ postgres: 'service_healthy' });
    for (const name of ['api', 'worker']) {
      expect(dependsOn(name)).toMatchObject({ migrate: 'service_completed_successfully' });
    }
  });
});
