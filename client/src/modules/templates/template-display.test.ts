import { describe, expect, it } from 'vitest';
import type { TemplateCardFragment } from '../../generated/graphql';
import { searchTemplates, templateTypeLabel, variableCountText } from './template-display';

const variable = (name: string) => ({
  __typename: 'TemplateEnvironmentVariable' as const,
  name,
  description: '',
  defaultValue: '',
  required: false,
});

describe('templateTypeLabel', () => {
  it.each([
    ['go_api', 'API'],
    ['go-api', 'API'],
    ['frontend', 'Frontend'],
    ['backend', 'Backend'],
    ['fullstack', 'Full Stack'],
    ['other', 'Other'],
  ])('%s -> %s', (type, label) => {
    expect(templateTypeLabel(type)).toBe(label);
  });
});

describe('variableCountText', () => {
  it.each([
    [0, 'Ready to use'],
    [1, '1 variable'],
    [3, '3 variables'],
  ])('%i environment variables -> %s', (count, text) => {
    const names = Array.from({ length: count }, (_, index) => variable(`V${index}`));
    expect(variableCountText({ environmentVariables: names })).toBe(text);
  });
});

describe('searchTemplates', () => {
  const templates: Pick<TemplateCardFragment, 'name' | 'description' | 'type'>[] = [
    { name: 'go-api', description: 'Standard library HTTP service', type: 'go_api' },
    { name: 'static-site', description: 'HTML and CSS', type: 'frontend' },
    { name: 'fullstack-notes', description: 'Notes app', type: 'fullstack' },
  ];
  const names = (query: string) => searchTemplates(templates, query).map((template) => template.name);

  it.each([
    ['', ['go-api', 'static-site', 'fullstack-notes']],
    ['STATIC', ['static-site']],
    ['html', ['static-site']],
    ['frontend', ['static-site']],
    ['api', ['go-api']],
    ['full stack', ['fullstack-notes']],
    ['nothing like this', []],
  ])('%j matches %j', (query, expected) => {
    expect(names(query)).toEqual(expected);
  });
});
