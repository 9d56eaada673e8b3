import { describe, expect, it } from 'vitest';
import { loggerOptions } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';

describe('loadConfig', () => {
  it('gives working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.isProduction).toBe(false);
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
  });

  it('takes a direct session URL beside a pooled DATABASE_URL, and turns prepared statements off on request', () => {
    const pooled = 'postgres://btcp@pgbouncer:6432/btcp';
    const direct = 'postgres://btcp@postgres:5432/btcp';
    expect(() => loadConfig({ DATABASE_LISTEN_URL: direct })).toThrow(
      /DATABASE_LISTEN_URL: needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: pooled, DATABASE_LISTEN_URL: 'redis://x' })).toThrow(
      /DATABASE_LISTEN_URL/,
    );
    const config = loadConfig({ DATABASE_URL: pooled, DATABASE_LISTEN_URL: direct });
    expect(config.DATABASE_LISTEN_URL).toBe(direct);
    expect(config.DATABASE_PREPARED_STATEMENTS).toBe(true);
    expect(
      loadConfig({ DATABASE_URL: pooled, DATABASE_PREPARED_STATEMENTS: 'false' })
        .DATABASE_PREPARED_STATEMENTS,
    ).toBe(false);
  });

  it('runs several processes only on a PostgreSQL server, sharing the pool out between them', () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY.*DATABASE_URL/);
    const url = 'postgres://postgres@127.0.0.1:5432/btcp';
    expect(loadConfig({ DATABASE_URL: url }).databasePoolSize).toBe(20);
    expect(loadConfig({ DATABASE_URL: url, WEB_CONCURRENCY: '4' }).databasePoolSize).toBe(10);
    expect(
      loadConfig({ DATABASE_URL: url, WEB_CONCURRENCY: '4', DATABASE_POOL_SIZE: '12' })
        .databasePoolSize,
    ).toBe(12);
  });

  it('supervises one process only on a PostgreSQL server, and always supervises several', () => {
    expect(() => loadConfig({ SUPERVISE: 'true' })).toThrow(/SUPERVISE.*DATABASE_URL/);
    const url = 'postgres://postgres@127.0.0.1:5432/btcp';
    expect(loadConfig({ DATABASE_URL: url }).supervised).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, SUPERVISE: 'true' }).supervised).toBe(true);
    expect(loadConfig({ DATABASE_URL: url, WEB_CONCURRENCY: '2' }).supervised).toBe(true);
  });

  it('leaves metrics off unless METRICS_PORT is set, on this machine only by default', () => {
    expect(loadConfig({}).METRICS_PORT).toBeUndefined();
    const on = loadConfig({ METRICS_PORT: '9464' });
    expect(on.METRICS_PORT).toBe(9464);
    expect(on.METRICS_HOST).toBe('127.0.0.1');
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).METRICS_HOST).toBe(
      '0.0.0.0',
    );
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('reduces APP_ORIGIN to an origin', () => {
    expect(loadConfig({ APP_ORIGIN: 'https://btcp.example/some/path' }).APP_ORIGIN).toBe(
      'https://btcp.example',
    );
  });

  it('refuses to start in production without APP_ORIGIN, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /APP_ORIGIN: required in production/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', APP_ORIGIN: 'https://btcp.example' }).publicOrigin,
    ).toBe('https://btcp.example');
  });

  it('defaults to http://localhost:PORT for links and to listening on loopback only', () => {
    const config = loadConfig({ PORT: '4000' });
    expect(config.publicOrigin).toBe('http://localhost:4000');
    expect(config.HOST).toBe('127.0.0.1');
    expect([...config.allowedOrigins].sort()).toEqual([
      'http://127.0.0.1:4000',
      'http://[::1]:4000',
      'http://localhost:4000',
    ]);
  });

  it('accepts only APP_ORIGIN itself in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', APP_ORIGIN: 'https://btcp.example' });
    expect([...config.allowedOrigins]).toEqual(['https://btcp.example']);
  });

  it('serves the dev mailbox only on loopback, without SMTP, outside production, unless told', () => {
    expect(loadConfig({}).devMailbox).toBe('this machine');
    expect(loadConfig({ HOST: '0.0.0.0' }).devMailbox).toBe('nobody');
    expect(loadConfig({ HOST: '0.0.0.0', DEV_MAILBOX: 'true' }).devMailbox).toBe('anyone');
    expect(loadConfig({ DEV_MAILBOX: 'false' }).devMailbox).toBe('nobody');
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example:587' }).devMailbox).toBe('nobody');
    expect(
      loadConfig({ NODE_ENV: 'production', APP_ORIGIN: 'https://x.example', DEV_MAILBOX: 'true' })
        .devMailbox,
    ).toBe('nobody');
  });

  it('logs JSON lines, and pretty lines in development at a terminal unless LOG_FORMAT says', () => {
    const pretty = (env: Record<string, string>, terminal: boolean) =>
      'transport' in loggerOptions(loadConfig(env), terminal);
    expect(pretty({}, true)).toBe(true);
    expect(pretty({}, false)).toBe(false);
    expect(pretty({ NODE_ENV: 'production', APP_ORIGIN: 'https://x.example' }, true)).toBe(false);
    expect(pretty({ LOG_FORMAT: 'json' }, true)).toBe(false);
    expect(pretty({ LOG_FORMAT: 'pretty' }, false)).toBe(true);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow();
  });
});
