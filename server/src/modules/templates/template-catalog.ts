import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { ENVIRONMENT_VARIABLE_NAME, isSensitiveName } from '@slipway/domain';
import { TOOLCHAINS, toolchainById } from '../../providers/builder/toolchains.js';
import { BUILT_IN_PLACEHOLDERS, FILTERS, PLACEHOLDER } from './template-renderer.js';
import { Template, TemplateType, type TemplateEnvironmentVariable, type TemplateRuntime } from './template.model.js';

/** A catalog entry that does not match the format of templates/README.md; Slipway ships it, so this is a bug. */
export class TemplateCatalogError extends Error {}

const TEMPLATE_NAME = /^[a-z0-9][a-z0-9-]*$/;
const PLACEHOLDER_NAME = /^[A-Z][A-Z0-9_]*$/;
const TYPES = new Set<string>(Object.values(TemplateType));

type Json = Record<string, unknown>;

function check(condition: unknown, where: string, message: string): asserts condition {
  if (!condition) throw new TemplateCatalogError(`${where}: ${message}`);
}

async function readJson(file: string, where: string): Promise<Json> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new TemplateCatalogError(`${where}: ${(error as Error).message}`);
  }
  check(typeof value === 'object' && value !== null && !Array.isArray(value), where, 'must be a JSON object');
  return value as Json;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isArgv = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length > 0 && value.every((part) => isString(part) && part !== '');

/** Every file under dir, as sorted POSIX paths relative to it. */
async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(path.join(dir, entry.name), relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files.sort();
}

function parseEnvironmentVariables(value: unknown, where: string): TemplateEnvironmentVariable[] {
  check(Array.isArray(value), where, 'environment_variables must be a list');
  const seen = new Set<string>();
  return value.map((entry: Json, index) => {
    const at = `${where}: environment_variables[${index}]`;
    check(typeof entry === 'object' && entry !== null, at, 'must be an object');
    check(isString(entry.name) && ENVIRONMENT_VARIABLE_NAME.test(entry.name), at, 'name must be a valid variable name');
    check(!seen.has(entry.name), at, `${entry.name} is listed twice`);
    seen.add(entry.name);
    check(isString(entry.description), at, 'description must be a string');
    check(isString(entry.default_value), at, 'default_value must be a string');
    check(typeof entry.required === 'boolean', at, 'required must be true or false');
    return {
      name: entry.name,
      description: entry.description,
      defaultValue: entry.default_value,
      required: entry.required,
      sensitive: isSensitiveName(entry.name),
    };
  });
}

function parseToolchains(value: unknown, where: string): string[] {
  const known = TOOLCHAINS.map((toolchain) => toolchain.id).join(', ');
  check(Array.isArray(value) && value.length > 0, where, `toolchains must list what the build and app run with (${known})`);
  for (const id of value) check(isString(id) && toolchainById(id), where, `toolchain ${String(id)} is not one of ${known}`);
  check(new Set(value).size === value.length, where, 'toolchains lists one twice');
  return value;
}

function parseRuntime(json: Json, where: string): TemplateRuntime {
  check(json.build === null || isArgv(json.build), where, 'build must be an argument list or null');
  check(json.test === undefined || isArgv(json.test), where, 'test must be a non-empty argument list (or left out when the project has no tests)');
  check(isArgv(json.start), where, 'start must be a non-empty argument list');
  check(isString(json.health_path) && json.health_path.startsWith('/'), where, 'health_path must start with /');
  check(isString(json.port_env) && ENVIRONMENT_VARIABLE_NAME.test(json.port_env), where, 'port_env must be a variable name');
  check(Number.isInteger(json.default_port), where, 'default_port must be an integer');
  return {
    build: json.build,
    test: json.test ?? null,
    start: json.start,
    healthPath: json.health_path,
    portEnv: json.port_env,
    defaultPort: json.default_port as number,
  };
}

async function checkPlaceholders(template: Template, known: Set<string>): Promise<void> {
  for (const file of template.files) {
    const text = await readFile(path.join(template.filesDir, file), 'utf8');
    for (const [match, name, filter] of text.matchAll(PLACEHOLDER)) {
      const where = `templates/${template.name}/files/${file}`;
      check(known.has(name), where, `unknown placeholder ${match}`);
      check(filter === undefined || filter in FILTERS, where, `unknown filter in ${match}`);
    }
  }
}

export async function loadTemplate(catalogDir: string, dirName: string): Promise<Template> {
  const dir = path.join(catalogDir, dirName);
  const where = `templates/${dirName}/template.json`;
  const json = await readJson(path.join(dir, 'template.json'), where);
  check(json.name === dirName && TEMPLATE_NAME.test(dirName), where, 'name must equal the folder name (lower-case, digits, dashes)');
  check(isString(json.description) && json.description.trim() !== '', where, 'description is required');
  check(isString(json.type) && TYPES.has(json.type), where, `type must be one of ${[...TYPES].join(', ')}`);
  const variables = json.variables ?? {};
  check(typeof variables === 'object' && variables !== null && !Array.isArray(variables), where, 'variables must be an object');
  for (const [name, value] of Object.entries(variables)) {
    check(PLACEHOLDER_NAME.test(name), where, `variable ${name} must be UPPER_SNAKE_CASE`);
    check(!(BUILT_IN_PLACEHOLDERS as readonly string[]).includes(name), where, `variable ${name} is built in`);
    check(isString(value), where, `variable ${name} must have a string default`);
  }
  const toolchains = parseToolchains(json.toolchains, where);

  const filesDir = path.join(dir, 'files');
  const files = await listFiles(filesDir).catch((): string[] => []);
  check(files.includes('slipway.json'), where, 'files/slipway.json is missing');
  check(files.includes('Dockerfile'), where, 'files/Dockerfile is missing');
  check(files.includes('.github/workflows/build.yml'), where, 'files/.github/workflows/build.yml is missing');

  const template = Object.assign(new Template(), {
    id: dirName,
    name: dirName,
    description: json.description.trim(),
    type: json.type as TemplateType,
    toolchains,
    variables: Object.entries(variables as Record<string, string>).map(([name, value]) => ({ name, value })),
    environmentVariables: parseEnvironmentVariables(json.environment_variables ?? [], where),
    files,
    runtime: parseRuntime(await readJson(path.join(filesDir, 'slipway.json'), `templates/${dirName}/files/slipway.json`), `templates/${dirName}/files/slipway.json`),
    filesDir,
  });
  await checkPlaceholders(template, new Set([...BUILT_IN_PLACEHOLDERS, ...Object.keys(variables)]));
  return template;
}

/** Every template folder of the catalog (folders holding a template.json), sorted by name. */
export async function loadTemplateCatalog(catalogDir: string): Promise<Template[]> {
  const entries = await readdir(catalogDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    throw new TemplateCatalogError(`${catalogDir}: the template catalog cannot be read (${error.code ?? error.message})`);
  });
  const names = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  return Promise.all(names.map((name) => loadTemplate(catalogDir, name)));
}
