import type { TemplateCardFragment, TemplateType } from '../../generated/graphql';

/** Spec section 2: go-api shows as 'API'; the other types get their everyday names. */
const TYPE_LABELS: Record<string, string> = {
  go_api: 'API',
  'go-api': 'API',
  frontend: 'Frontend',
  backend: 'Backend',
  fullstack: 'Full Stack',
  other: 'Other',
};

export function templateTypeLabel(type: TemplateType | string): string {
  return TYPE_LABELS[type] ?? type;
}

/** 'N variable(s)' when the template has environment variables, else 'Ready to use'. */
export function variableCountText(template: Pick<TemplateCardFragment, 'environmentVariables'>): string {
  const count = template.environmentVariables.length;
  if (count === 0) return 'Ready to use';
  return `${count} ${count === 1 ? 'variable' : 'variables'}`;
}

/** Templates whose name, description or type (its key or its label) contains the query, ignoring case. */
export function searchTemplates<T extends Pick<TemplateCardFragment, 'name' | 'description' | 'type'>>(
  templates: readonly T[],
  query: string,
): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...templates];
  return templates.filter((template) =>
    [template.name, template.description, template.type, templateTypeLabel(template.type)].some((text) =>
      text.toLowerCase().includes(needle),
    ),
  );
}

/** Spec section 9: the template search box appears above this many templates. */
export const TEMPLATE_SEARCH_THRESHOLD = 3;

type ToolchainFacts = Pick<TemplateCardFragment, 'toolchains'>;

/** The toolchains the template builds or runs with that this server lacks (a project from it fails to build here). */
export const missingToolchains = (template: ToolchainFacts) => template.toolchains.filter((toolchain) => !toolchain.available);

const names = (template: ToolchainFacts) => missingToolchains(template).map((toolchain) => toolchain.name).join(' and ');

/** The card's short note, or null when the server has everything: 'Needs Go, not installed on this server'. */
export function missingToolchainNote(template: ToolchainFacts): string | null {
  return missingToolchains(template).length ? `Needs ${names(template)}, not installed on this server` : null;
}

/** The warning before creating: what fails, and how to install what is missing. */
export function missingToolchainWarning(template: ToolchainFacts & Pick<TemplateCardFragment, 'name'>): { title: string; message: string } | null {
  const missing = missingToolchains(template);
  if (!missing.length) return null;
  const how = missing.map((toolchain) => toolchain.installHint.charAt(0).toUpperCase() + toolchain.installHint.slice(1)).join('. ');
  return {
    title: `${names(template)} ${missing.length > 1 ? 'are' : 'is'} not installed on this server`,
    message: `A project from ${template.name} can be created, but its build fails here until then. ${how}.`,
  };
}
