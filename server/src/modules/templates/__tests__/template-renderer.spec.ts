import { describe, expect, it } from 'vitest';
import { TemplateRenderError, fillPlaceholders, placeholderValues, projectSlug } from '../template-renderer.js';
import { Template, TemplateType } from '../template.model.js';

describe('projectSlug', () => {
  it.each([
    ['My App', 'my-app'],
    ['billing_service 2', 'billing-service-2'],
    ['  --Weird--  Name__', 'weird-name'],
    ['--', 'project'],
  ])('%j becomes %j', (name, slug) => expect(projectSlug(name)).toBe(slug));
});

describe('fillPlaceholders', () => {
  const values = { PROJECT_NAME: 'Demo', DESCRIPTION: 'Says "hi" <b>&</b>\nline 2 \uD800' };

  it.each([
    ['# {{PROJECT_NAME}}', '# Demo'],
    ['const d = {{DESCRIPTION|json}};', 'const d = "Says \\"hi\\" <b>&</b>\\nline 2 \uFFFD";'],
    ['<p>{{DESCRIPTION|html}}</p>', '<p>Says &quot;hi&quot; &lt;b&gt;&amp;&lt;/b&gt;\nline 2 \uD800</p>'],
    ['password: ${{ secrets.DOCKER_TOKEN }}', 'password: ${{ secrets.DOCKER_TOKEN }}'],
    ['enable={{is_default_branch}}', 'enable={{is_default_branch}}'],
  ])('fills %j', (text, expected) => expect(fillPlaceholders(text, values)).toBe(expected));

  it('refuses unknown placeholders and filters rather than leaving them in the output', () => {
    expect(() => fillPlaceholders('{{MISSING}}', values)).toThrow(new TemplateRenderError('Unknown placeholder {{MISSING}}'));
    expect(() => fillPlaceholders('{{PROJECT_NAME|shout}}', values)).toThrow('Unknown placeholder filter {{PROJECT_NAME|shout}}');
  });
});

describe('placeholderValues', () => {
  const template = Object.assign(new Template(), {
    name: 'demo',
    type: TemplateType.backend,
    variables: [{ name: 'NODE_VERSION', value: '20' }],
  });

  it('combines the built-ins with the template variables, overrides winning over defaults', () => {
    expect(placeholderValues(template, { projectName: 'Shop API', description: 'd' })).toEqual({
      PROJECT_NAME: 'Shop API',
      PROJECT_SLUG: 'shop-api',
      DESCRIPTION: 'd',
      NODE_VERSION: '20',
    });
    expect(placeholderValues(template, { projectName: 'x y', description: '', variables: { NODE_VERSION: '22' } }).NODE_VERSION).toBe('22');
  });

  it('refuses overrides for variables the template does not have', () => {
    expect(() => placeholderValues(template, { projectName: 'x', description: '', variables: { OTHER: '1' } })).toThrow(
      'Template demo has no variable OTHER',
    );
  });
});
