import { AgentServices, type AgentServicesOptions, type AgentServicesPorts } from '../session/AgentServices';
import { OutsideDriver, type OutsideDriverOptions } from '../session/OutsideDriver';

/*
 * The runtime's parts that load on first use (createRuntime imports this file dynamically): the services bring
 * the checkpoints (isomorphic-git), the tools and the search index, the outside driver the saved actions as
 * tools. A host that builds its runtime at start-up (the plugin) pays for none of them until a run.
 */

export function buildServices(ports: AgentServicesPorts, options: AgentServicesOptions): AgentServices {
  return new AgentServices(ports, options);
}

export function buildOutsideDriver(options: OutsideDriverOptions): OutsideDriver {
  return new OutsideDriver(options);
}
