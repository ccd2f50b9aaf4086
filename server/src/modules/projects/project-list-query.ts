import { StreamName } from '@slipway/domain';
import { registerEnumType } from 'type-graphql';
import { containsPattern } from '../../common/like-pattern.js';
import { invalidInput } from '../../common/validation.js';
import { ProjectStatus, isProjectStatus } from './project-status.js';

/** Spec section 9: page size 12, default sort updated_at DESC. */
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;
export const MAX_PAGE = 1_000_000;
export const MAX_SEARCH_LENGTH = 200;
export const MAX_FILTER_TAGS = 20;

export enum ProjectSortField {
  updated_at = 'updated_at',
  created_at = 'created_at',
  name = 'name',
  status = 'status',
}

export enum SortOrder {
  ASC = 'ASC',
  DESC = 'DESC',
}

registerEnumType(ProjectSortField, {
  name: 'ProjectSortField',
  description: 'What the projects page is sorted by',
  valuesConfig: {
    updated_at: { description: 'When the project last changed (the default)' },
    created_at: { description: 'When the project was created' },
    name: { description: 'The name, ignoring case' },
    status: { description: 'The status, then the most recently changed first' },
  },
});
registerEnumType(SortOrder, {
  name: 'SortOrder',
  description: 'Sort direction',
  valuesConfig: {
    ASC: { description: 'Ascending: oldest, A to Z, active before inactive' },
    DESC: { description: 'Descending: newest, Z to A, inactive before active (the default)' },
  },
});

/** Filters as they arrive from REST query strings or GraphQL input; every field optional. */
export interface ProjectListQuery {
  page?: unknown;
  limit?: unknown;
  sortBy?: unknown;
  sortOrder?: unknown;
  search?: unknown;
  status?: unknown;
  tags?: unknown;
}

export interface ParsedProjectListQuery {
  page: number;
  limit: number;
  sortBy: ProjectSortField;
  sortOrder: SortOrder;
  search: string | null;
  status: ProjectStatus | null;
  /** A project matches when it has ANY of these tags. */
  tags: string[];
}

export const blank = (value: unknown) => value === undefined || value === null || value === '';

export function single(value: unknown, name: string): unknown {
  if (Array.isArray(value)) throw invalidInput(`${name} must be given once`, name);
  return value;
}

export function integer(value: unknown, name: string, fallback: number, max: number): number {
  value = single(value, name);
  if (blank(value)) return fallback;
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > max) {
    throw invalidInput(`${name} must be an integer between 1 and ${max}`, name);
  }
  return number;
}

/** One of the enum's values (else a 400 naming them), or null when blank. */
export function oneOf<T extends string>(value: unknown, name: string, values: Record<string, T>): T | null {
  value = single(value, name);
  if (blank(value)) return null;
  const allowed = Object.values(values);
  if (!allowed.includes(value as T)) throw invalidInput(`${name} must be one of ${allowed.join(', ')}`, name);
  return value as T;
}

/** sort_order in any case, as ASC or DESC (else a 400 naming them), or null when blank. */
export function sortOrderOf(value: unknown): SortOrder | null {
  const order = single(value, 'sort_order');
  return oneOf(typeof order === 'string' ? order.trim().toUpperCase() : order, 'sort_order', SortOrder);
}

/** The search text trimmed, or null when blank; text of at most MAX_SEARCH_LENGTH characters (else a 400). */
export function searchText(value: unknown): string | null {
  const search = single(value, 'search');
  if (!blank(search) && typeof search !== 'string') throw invalidInput('search must be text', 'search');
  const text = typeof search === 'string' ? search.trim() : '';
  if (text.length > MAX_SEARCH_LENGTH) throw invalidInput(`search must be at most ${MAX_SEARCH_LENGTH} characters`, 'search');
  return text || null;
}

/** Comma-separated and/or repeated values; blanks skipped, duplicates dropped. */
function tagList(value: unknown): string[] {
  if (blank(value)) return [];
  const parts = Array.isArray(value) ? value : [value];
  if (parts.some((part) => typeof part !== 'string')) throw invalidInput('tags must be text', 'tags');
  const tags = [...new Set(parts.flatMap((part: string) => part.split(',')).map((tag) => tag.trim()).filter(Boolean))];
  if (tags.length > MAX_FILTER_TAGS) throw invalidInput(`tags can list at most ${MAX_FILTER_TAGS} tags`, 'tags');
  return tags;
}

export function parseProjectListQuery(query: ProjectListQuery = {}): ParsedProjectListQuery {
  const sortBy = single(query.sortBy, 'sort_by');
  if (!blank(sortBy) && !Object.values<unknown>(ProjectSortField).includes(sortBy)) {
    throw invalidInput('sort_by must be one of updated_at, created_at, name, status', 'sort_by');
  }
  const sortOrder = single(query.sortOrder, 'sort_order');
  const order = typeof sortOrder === 'string' ? sortOrder.trim().toUpperCase() : sortOrder;
  if (!blank(order) && order !== SortOrder.ASC && order !== SortOrder.DESC) {
    throw invalidInput('sort_order must be ASC or DESC', 'sort_order');
  }
  const status = single(query.status, 'status');
  if (!blank(status) && !isProjectStatus(status)) throw invalidInput('status must be active or inactive', 'status');

  return {
    page: integer(query.page, 'page', 1, MAX_PAGE),
    limit: integer(query.limit, 'limit', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    sortBy: blank(sortBy) ? ProjectSortField.updated_at : (sortBy as ProjectSortField),
    sortOrder: blank(order) ? SortOrder.DESC : (order as SortOrder),
    search: searchText(query.search),
    status: blank(status) ? null : (status as ProjectStatus),
    tags: tagList(query.tags),
  };
}

/** The columns every project query reads (never the owner: the caller already knows it). */
export const PROJECT_COLUMNS = [
  'id',
  'owner_id',
  'name',
  'description',
  'tags',
  'status',
  'version',
  'repository_url',
  'deployed_url',
  'loopback_url',
  'limit_memory_mb',
  'limit_processes',
  'limit_cpu_percent',
  'limit_disk_mb',
  'environment_variables_encrypted',
  'template_name',
  'build_commit',
  'docker_image_url',
  'active_version_id',
  'active_deployment_id',
  'source_organization',
  'source_repository',
  'providers',
  'created_at',
  'updated_at',
].join(', ');

/**
 * Whether the project (the row of `table`) is being deleted: its deletion run is running. One probe of the
 * runs' (project_id, created_at) index per row, inside the query that reads the project: no query per project.
 */
export function beingDeletedSql(table: string): string {
  return (
    `EXISTS (SELECT 1 FROM pipeline_runs r WHERE r.project_id = ${table}.id ` +
    `AND r.stream_name = '${StreamName.projectDeletion}' AND r.status = 'running') AS being_deleted`
  );
}

/** Ties broken by id so pages never overlap; names are unique per owner, so they need no tie-breaker. */
function orderBy(sortBy: ProjectSortField, order: SortOrder): string {
  switch (sortBy) {
    case ProjectSortField.name:
      return `lower(name) ${order}`;
    case ProjectSortField.status:
      return `status ${order}, updated_at DESC, id DESC`;
    case ProjectSortField.created_at:
      return `created_at ${order}, id ${order}`;
    case ProjectSortField.updated_at:
      return `updated_at ${order}, id ${order}`;
  }
}

/**
 * A list's WHERE conditions for a TypeORM query builder, with their named parameters: `column = value` for each
 * filter given (null ones are left out), and a case-insensitive search for the text in any of the columns.
 */
export function listFilters(
  equal: Array<[column: string, value: string | null]>,
  search: { text: string | null; columns: string[] },
): { where: string[]; parameters: Record<string, unknown> } {
  const where: string[] = [];
  const parameters: Record<string, unknown> = {};
  for (const [column, value] of equal) {
    if (value === null) continue;
    const name = column.replace(/\W/g, '_');
    where.push(`${column} = :${name}`);
    parameters[name] = value;
  }
  if (search.text) {
    where.push(`(${search.columns.map((column) => `${column} ILIKE :search`).join(' OR ')})`);
    parameters.search = containsPattern(search.text);
  }
  return { where, parameters };
}

/** The projects a user reaches: their own and those they are a member of ($1 is the user). */
export const REACHABLE_BY_$1 = '(owner_id = $1 OR id IN (SELECT project_id FROM project_members WHERE user_id = $1))';

/** WHERE clause shared by the page query and the count query; $1 is always the user (owner or member). */
function whereClause(ownerId: string, query: ParsedProjectListQuery): { where: string; values: unknown[] } {
  const values: unknown[] = [ownerId];
  const conditions = [REACHABLE_BY_$1];
  if (query.status) {
    values.push(query.status);
    conditions.push(`status = $${values.length}`);
  }
  if (query.search) {
    values.push(containsPattern(query.search));
    conditions.push(`(name ILIKE $${values.length} OR description ILIKE $${values.length})`);
  }
  if (query.tags.length) {
    // Same expression as IDX_projects_owner_tags, so the owner's matches come from one short posting list; the
    // projects they are a member of (few) are matched on their tags.
    values.push(query.tags);
    conditions.push(
      `(project_owner_tags(owner_id, tags) && project_owner_tags($1, $${values.length}::text[]) OR (owner_id <> $1 AND tags && $${values.length}::text[]))`,
    );
  }
  return { where: conditions.join(' AND '), values };
}

/**
 * One round trip for a page and its total: count(*) OVER () is computed before LIMIT applies.
 * (A page past the end has no rows to carry the total; the service counts separately then.)
 */
export function buildProjectListSql(ownerId: string, query: ParsedProjectListQuery): { text: string; values: unknown[] } {
  const { where, values } = whereClause(ownerId, query);
  values.push(query.limit, (query.page - 1) * query.limit);
  const order = orderBy(query.sortBy, query.sortOrder);
  // Whether each is being deleted is asked for the page's rows only, after LIMIT (then sorted again, as asked).
  const text =
    `SELECT page.*, ${beingDeletedSql('page')} FROM (` +
    `SELECT ${PROJECT_COLUMNS}, count(*) OVER () AS total_count FROM projects WHERE ${where} ` +
    `ORDER BY ${order} LIMIT $${values.length - 1} OFFSET $${values.length}) AS page ORDER BY ${order}`;
  return { text, values };
}

export function buildProjectCountSql(ownerId: string, query: ParsedProjectListQuery): { text: string; values: unknown[] } {
  const { where, values } = whereClause(ownerId, query);
  return { text: `SELECT count(*)::int AS total FROM projects WHERE ${where}`, values };
}
