import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const root = path.resolve(import.meta.dirname, '../../..');
const quickStart = () => {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  return readme.slice(readme.indexOf('## Quick start'), readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1));
};

/** The README's quick start tells a new user what the first start does, and it stays true. */
describe('README quick start', () => {
  it('says that the first start builds the web app, as `npm start` does', () => {
    expect(quickStart()).toMatch(/first start[^.]*builds the web app/);
    const start = fs.readFileSync(path.join(root, 'scripts/start.mjs'), 'utf8');
    expect(start).toContain("['run', '-s', 'build']");
  });

  it('says that the captcha is on, and the way it gives to turn it off works', () => {
    const text = quickStart();
    expect(text).toMatch(/captcha/);
    const command = /`(BW_CAPTCHA=(\w+)) npm start`/.exec(text);
    expect(command).not.toBeNull();
    expect(loadConfig({ BW_CAPTCHA: command![2] }).captcha).toBe(false);
    expect(loadConfig({}).captcha).toBe(true);
  });
});
