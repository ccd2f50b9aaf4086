import { TOOLCHAIN_PATH, hasToolchain, toolchainById } from '../../providers/builder/toolchains.js';
import { loadTemplateCatalog } from './template-catalog.js';
import { renderTemplate, type RenderContext } from './template-renderer.js';
import { templateNotFound } from './templates.errors.js';
import { TemplateToolchain, type Template } from './template.model.js';

/**
 * The read-only template catalog, loaded from templates/ once per process. The boot calls load(), so a catalog
 * that does not load stops the start with its reason instead of failing users' requests later.
 */
export class TemplatesService {
  private loaded?: Promise<Map<string, Template>>;

  constructor(
    private readonly catalogDir: string,
    /** Where local builds and apps find their programs; a toolchain missing there is reported as missing. */
    private readonly toolchainPath: readonly string[] = TOOLCHAIN_PATH,
  ) {}

  async list(): Promise<Template[]> {
    return [...(await this.catalog()).values()];
  }

  /** The template, or undefined when the catalog has no such name. */
  async find(name: string): Promise<Template | undefined> {
    return (await this.catalog()).get(name);
  }

  async get(name: unknown): Promise<Template> {
    const template = typeof name === 'string' ? await this.find(name) : undefined;
    if (!template) throw templateNotFound();
    return template;
  }

  /**
   * The toolchains the template needs, each with whether this server has it now (looked up on every call, so one
   * installed while Slipway runs counts at once).
   */
  async toolchainsOf(template: Template): Promise<TemplateToolchain[]> {
    return Promise.all(
      template.toolchains.map(async (id) => {
        const toolchain = toolchainById(id)!;
        return Object.assign(new TemplateToolchain(), {
          id,
          name: toolchain.name,
          available: await hasToolchain(toolchain, this.toolchainPath),
          installHint: toolchain.install,
        });
      }),
    );
  }

  /** Writes a new project's files from the template into targetDir (used by project generation). */
  async render(name: string, targetDir: string, context: RenderContext): Promise<string[]> {
    return renderTemplate(await this.get(name), targetDir, context);
  }

  /** Reads and checks every template; rejects with a TemplateCatalogError naming the template and field. */
  async load(): Promise<void> {
    await this.catalog();
  }

  private catalog(): Promise<Map<string, Template>> {
    this.loaded ??= loadTemplateCatalog(this.catalogDir).then((templates) => new Map(templates.map((t) => [t.name, t])));
    return this.loaded;
  }
}
