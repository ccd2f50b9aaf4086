import { describe, expect, it } from 'vitest';
import { MAX_KUBECONFIG_LENGTH, settingValueError } from './settings.js';

describe('settingValueError for the kubeconfig and its context', () => {
  it('takes a kubeconfig of several lines, in YAML or JSON', () => {
    expect(settingValueError('KUBECONFIG', 'apiVersion: v1\nkind: Config\n\tclusters: []\r\n')).toBeUndefined();
    expect(settingValueError('KUBECONFIG', '{"apiVersion": "v1", "kind": "Config"}')).toBeUndefined();
  });

  it('refuses text that is no kubeconfig, control characters and a kubeconfig beyond its limit', () => {
    expect(settingValueError('KUBECONFIG', 'just some words')).toBe('Kubeconfig must be a kubeconfig file (YAML), as kubectl config view --raw prints it');
    expect(settingValueError('KUBECONFIG', 'kind: Config\u0007')).toBe('Kubeconfig cannot contain control characters');
    expect(settingValueError('KUBECONFIG', `kind: Config\n# ${'x'.repeat(MAX_KUBECONFIG_LENGTH)}`)).toBe(`Kubeconfig must be at most ${MAX_KUBECONFIG_LENGTH} characters`);
  });

  it('keeps one line for every other setting, the context included', () => {
    expect(settingValueError('KUBERNETES_CONTEXT', 'arn:aws:eks:eu-west-1:123456789012:cluster/prod')).toBeUndefined();
    expect(settingValueError('KUBERNETES_CONTEXT', 'a\nb')).toBe('Context cannot contain line breaks or control characters');
    expect(settingValueError('GITHUB_TOKEN', 'ghp_\nabcd')).toBe('GitHub Token cannot contain line breaks or control characters');
  });
});
