import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Template } from './template.model.js';

/** `{{NAME}}` or `{{NAME|filter}}`; only UPPER_SNAKE names, so `${{ secrets.X }}` in workflows passes through. */
export const PLACEHOLDER = /\{\{([A-Z][A-Z0-9_]*)(?:\|([a-z]+))?\}\}/g;

export const BUILT_IN_PLACEHOLDERS = ['PROJECT_NAME', 'PROJECT_SLUG', 'DESCRIPTION'] as const;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Encodes a value for where the placeholder sits. */
export const FILTERS: Record<string, (value: string) => string> = {
  // A JSON string literal is also a valid JavaScript and Go string literal once lone surrogates are replaced.
  json: (value) => JSON.stringify(value.replace(LONE_SURROGATE, '\uFFFD')),
  html: (value) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]),
};

export class TemplateRenderError extends Error {}

/** A lower-case, dash-separated name usable for repositories, images, Go modules and npm packages. */
export function projectSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'project';
}

export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (match, name: string, filter: string | undefined) => {
    const value = values[name];
    if (value === undefined) throw new TemplateRenderError(`Unknown placeholder ${match}`);
    if (filter === undefined) return value;
    const encode = FILTERS[filter];
    if (!encode) throw new TemplateRenderError(`Unknown placeholder filter ${match}`);
    return encode(value);
  });
}

export interface RenderContext {
  projectName: string;
  description: string;
  /** Overrides for the template's own variables; unknown names are refused. */
  variables?: Record<string, string>;
}

/** Placeholder values for a project: the built-ins plus the template's variables (defaults, then overrides). */
export function placeholderValues(template: Template, context: RenderContext): Record<string, string> {
  const values: Record<string, string> = Object.fromEntries(template.variables.map((v) => [v.name, v.value]));
  for (const [name, value] of Object.entries(context.variables ?? {})) {
    if (!(name in values)) throw new TemplateRenderError(`Template ${template.name} has no variable ${name}`);
    values[name] = value;
  }
  return {
    ...values,
    PROJECT_NAME: context.projectName,
    PROJECT_SLUG: projectSlug(context.projectName),
    DESCRIPTION: context.description,
  };
}

export interface RenderedFile {
  /** Relative path with forward slashes, as the template lists it. */
  path: string;
  content: string;
}

/** The template's files with every placeholder filled, in memory (what a project's first commit holds). */
export async function renderTemplateFiles(template: Template, context: RenderContext): Promise<RenderedFile[]> {
  const values = placeholderValues(template, context);
  return Promise.all(
    template.files.map(async (file) => ({ path: file, content: fillPlaceholders(await readFile(path.join(template.filesDir, file), 'utf8'), values) })),
  );
}

/** Writes the template's files into targetDir with every placeholder filled; returns the paths written. */
export async function renderTemplate(template: Template, targetDir: string, context: RenderContext): Promise<string[]> {
  for (const file of await renderTemplateFiles(template, context)) {
    const target = path.join(targetDir, file.path);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.content);
  }
  return template.files;
}
