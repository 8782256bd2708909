import type { Logger } from '../observability/logger';

/**
 * One part of the process: how it starts, how it stops, and which parts it
 * needs running meanwhile. A component starts after everything it depends on
 * and stops before any of it, whatever order the components were added in
 * (graphql-ws closes its sockets before the HTTP server they ride on closes).
 */
export interface Component {
  readonly name: string;
  readonly dependsOn?: readonly string[];
  start: () => Promise<void>;
  /** Absent for parts that hold nothing to release. */
  stop?: () => Promise<void>;
}

/** Starts components in dependency order and stops the started ones in the reverse order. */
export class Lifecycle {
  private readonly components: Component[] = [];
  private readonly started: Component[] = [];

  constructor(private readonly logger: Logger) {}

  add(...components: Component[]): this {
    this.components.push(...components);
    return this;
  }

  /** Starts what is not started yet; on a failure stops what did start and rethrows. */
  async start(): Promise<void> {
    for (const component of dependencyOrder(this.components)) {
      if (this.started.includes(component)) continue;
      try {
        await component.start();
      } catch (error) {
        await this.stop();
        throw error;
      }
      this.started.push(component);
      this.logger.debug({ component: component.name }, 'component started');
    }
  }

  /** A failing stop is logged and the others still stop: a half-stopped process must not keep the database running. */
  async stop(): Promise<void> {
    for (const component of dependencyOrder(this.started.splice(0)).reverse()) {
      try {
        await component.stop?.();
        this.logger.debug({ component: component.name }, 'component stopped');
      } catch (error) {
        this.logger.error({ err: error, component: component.name }, 'component failed to stop');
      }
    }
  }
}

/** Depth-first topological order, ties kept in the order of addition. */
export function dependencyOrder(components: readonly Component[]): Component[] {
  const byName = new Map(components.map((component) => [component.name, component]));
  const ordered: Component[] = [];
  const visiting = new Set<string>();
  const visit = (component: Component): void => {
    if (ordered.includes(component)) return;
    if (visiting.has(component.name)) throw new Error(`lifecycle: dependency cycle through "${component.name}"`);
    visiting.add(component.name);
    for (const name of component.dependsOn ?? []) {
      const dependency = byName.get(name);
      if (!dependency) throw new Error(`lifecycle: "${component.name}" depends on "${name}", which is not part of this process`);
      visit(dependency);
    }
    visiting.delete(component.name);
    ordered.push(component);
  };
  components.forEach(visit);
  return ordered;
}
