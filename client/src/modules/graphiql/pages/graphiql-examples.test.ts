import { buildSchema, getOperationAST, getVariableValues, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import schemaSdl from '../../../../../schema.graphql?raw';
import { exampleTabs } from './graphiql-examples';

const PROJECT = { id: '3f0c8a52-5c1e-4c8e-9f0e-2b7d4c1a9e11', name: 'Hello\nSite' };
const EXAMPLE_TABS = [...exampleTabs(PROJECT), ...exampleTabs(null)];

const schema = buildSchema(schemaSdl);

describe('GraphiQL example tabs', () => {
  it('are one named operation each for the main tasks: list projects, create a project, follow a pipeline', () => {
    expect(exampleTabs(null).map((tab) => getOperationAST(parse(tab.query))?.name?.value)).toEqual([
      'ListProjects',
      'CreateProject',
      'FollowPipeline',
    ]);
  });

  it("follows the user's most recent project, or says where to get an id when there is none", () => {
    const [withProject, without] = [exampleTabs(PROJECT)[2], exampleTabs(null)[2]];
    expect(JSON.parse(withProject.variables!)).toEqual({ projectId: PROJECT.id });
    expect(withProject.query).toContain('# It follows Hello Site, your most recently changed project');
    expect(JSON.parse(without.variables!)).toEqual({ projectId: '' });
    expect(without.query).toContain('# You have no project yet: run CreateProject first, then put the id it answers as projectId below.');
  });

  it.each(EXAMPLE_TABS.map((tab) => [getOperationAST(parse(tab.query))?.name?.value, tab] as const))(
    '%s validates against schema.graphql, and so do its prefilled variables',
    (_name, tab) => {
      const document = parse(tab.query);
      expect(validate(schema, document).map((error) => error.message)).toEqual([]);
      const operation = getOperationAST(document)!;
      const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], JSON.parse(tab.variables ?? '{}'));
      expect(coerced.errors?.map((error) => error.message)).toBeUndefined();
    },
  );
});
