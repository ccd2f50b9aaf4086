import { PROJECT_LIMIT_KEYS, type ProjectLimitKey, descriptionError, normalizeTags, projectLimitError, projectNameError } from '@slipway/domain';
import type { SubmissionErrors } from 'final-form';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { serverSubmissionErrors } from '../../../../app/errors/server-field-errors';
import type { ProjectDetailFragment, ProjectStatus, UpdateProjectInput } from '../../../../generated/graphql';
import { useUpdateProjectMutation } from '../../../../generated/hooks';
import { evictProjectLists } from '../detail/project-cache';
import { projectPath } from '../detail/project-format';

export interface EditProjectValues {
  name?: string;
  description?: string;
  status: ProjectStatus;
  repositoryUrl?: string;
  tags: string[];
  /** The project's own sandbox limits as typed; '' for the server's default. */
  limits: Partial<Record<ProjectLimitKey, string>>;
}

type EditableProject = Pick<ProjectDetailFragment, 'id' | 'name' | 'description' | 'status' | 'repositoryUrl' | 'tags' | 'limits'>;

/** A limit as typed: '' (or blanks) is the server's default (null), anything else a number (NaN when it is not one, which the rule refuses). */
export function parseLimit(value: string | undefined): number | null {
  const text = value?.trim() ?? '';
  return text ? Number(text) : null;
}

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((tag, i) => tag === b[i]);

/**
 * Spec section 5: only the fields that changed are sent; an emptied repository URL is sent as null, and only
 * when the project had one.
 */
export function changedFields(project: EditableProject, values: EditProjectValues): UpdateProjectInput {
  const input: UpdateProjectInput = {};
  const name = values.name?.trim() ?? '';
  if (name !== project.name) input.name = name;
  const description = values.description?.trim() ?? '';
  if (description !== project.description) input.description = description;
  if (values.status !== project.status) input.status = values.status;
  const tags = normalizeTags(values.tags);
  if (!sameTags(tags, project.tags)) input.tags = tags;
  const repositoryUrl = values.repositoryUrl?.trim() ?? '';
  if (!repositoryUrl) {
    if (project.repositoryUrl) input.repositoryUrl = null;
  } else if (repositoryUrl !== project.repositoryUrl) {
    input.repositoryUrl = repositoryUrl;
  }
  const limits: NonNullable<UpdateProjectInput['limits']> = {};
  for (const key of PROJECT_LIMIT_KEYS) {
    const limit = parseLimit(values.limits[key]);
    if (limit !== project.limits[key]) limits[key] = limit;
  }
  if (Object.keys(limits).length) input.limits = limits;
  return input;
}

/** Server errors about one limit name it 'limits.memoryMb'; the form keeps the limits nested, so the error goes there too. */
function nestLimitErrors(errors: SubmissionErrors): SubmissionErrors {
  const entry = Object.entries(errors ?? {}).find(([field]) => field.startsWith('limits.'));
  return entry ? { limits: { [entry[0].slice('limits.'.length)]: entry[1] } } : errors;
}

/** The form's fields a server error can name (a taken or invalid name, a too long description, a bad URL). */
const FORM_FIELDS: readonly string[] = ['name', 'description', 'status', 'repositoryUrl', 'tags', ...PROJECT_LIMIT_KEYS.map((key) => `limits.${key}`)];

/** The edit project form: values from the project, the spec's rules, and a save that returns to the project page. */
export function useEditProjectForm(project: EditableProject) {
  const navigate = useNavigate();
  const [updateProject] = useUpdateProjectMutation();

  const initialValues = useMemo<EditProjectValues>(
    () => ({
      name: project.name,
      description: project.description,
      status: project.status,
      repositoryUrl: project.repositoryUrl ?? '',
      tags: [...project.tags],
      limits: Object.fromEntries(PROJECT_LIMIT_KEYS.map((key) => [key, project.limits[key]?.toString() ?? ''])),
    }),
    [project],
  );

  const validate = (values: EditProjectValues) => {
    const errors: { name?: string; description?: string; limits?: Partial<Record<ProjectLimitKey, string>> } = {};
    const name = projectNameError(values.name);
    if (name) errors.name = name;
    const description = descriptionError(values.description);
    if (description) errors.description = description;
    for (const key of PROJECT_LIMIT_KEYS) {
      const limit = projectLimitError(key, parseLimit(values.limits[key]));
      if (limit) errors.limits = { ...errors.limits, [key]: limit };
    }
    return errors;
  };

  const onSubmit = async (values: EditProjectValues): Promise<SubmissionErrors | undefined> => {
    const input = changedFields(project, values);
    if (Object.keys(input).length) {
      try {
        await updateProject({ variables: { id: project.id, input }, update: (cache) => evictProjectLists(cache) });
      } catch (caught) {
        return nestLimitErrors(serverSubmissionErrors(caught, FORM_FIELDS, 'Failed to update project'));
      }
    }
    await navigate(projectPath(project.id));
    return undefined;
  };

  const cancel = () => navigate(projectPath(project.id));

  return { initialValues, validate, onSubmit, cancel };
}

export type EditProjectFormController = ReturnType<typeof useEditProjectForm>;
