// The approval surface in the chat: the card of the conversation on screen (in the approval slot above
// the question box), the session's switch and allowances (in the chat's toolbar) and the banner that
// says queries run without a card (just above the question box).
import { toolIdentity } from '../agent/run/approval-policy';
import { createEnginePreflight } from '../data/preflight/preflight';
import { EMBEDDED_SERVER_ID } from '../mcp/config/mcp-server-config';
import { MountedPieces, mounted, type Mounted } from '../ui/mounted';
import { ApprovalControls } from './approval-controls';
import { PendingApprovalView } from './pending-approval-view';
import type { Conversation } from '../agent/conversation/conversation';
import type { SessionApprovals } from '../agent/run/session-approvals';
import type { ApprovalDecision } from '../agent/types';
import type { DataEngine } from '../data/data-engine';
import type { McpHub } from '../mcp/mcp-hub';
import type { ToolRegistry } from '../tools/tool-registry';

/** What the approval surface needs from the chat. */
export interface ApprovalDependencies {
  approvals: SessionApprovals;
  /** The registry the allowed tools are looked up in (an allowance is bound to the tool shown). */
  registry: ToolRegistry;
  /** The page's data engine, once the data side has started (its pre-flight checks embedded SQL). */
  engine(): DataEngine | undefined;
  /** The MCP hub, once the data side has started (a server's own pre-flight). */
  hub(): McpHub | undefined;
  /** Settles with the hub when the data side has started: the banner lists its unasked tools. */
  hubStarted: Promise<McpHub | undefined>;
  /** Where the session's switch and allowances go (the chat's toolbar). */
  controlsHost: HTMLElement;
  /** The banner goes just before this element (the question box). */
  bannerBefore: HTMLElement;
  /** A card opened (true) or closed (false). */
  onOpenChange(open: boolean): void;
}

/** The mounted approval surface. */
export interface MountedApproval extends Mounted {
  /** The card of the conversation on screen. */
  readonly view: PendingApprovalView;
  /** Follows `conversation`'s waiting calls until `destroy()` of what it returns. */
  show(conversation: Conversation, decide: (decisions: ApprovalDecision[]) => void): Mounted;
}

/** Mounts the approval card into `slot`, with the session's controls beside the chat's toolbar. */
export function mountApproval(
  slot: HTMLElement,
  dependencies: ApprovalDependencies,
): MountedApproval {
  const pieces = new MountedPieces();
  const view = new PendingApprovalView({
    slot,
    // The page's DuckDB checks its own server's queries; any other server checks its own, or says it cannot.
    preflightFor: (serverId) => {
      const engine = dependencies.engine();
      if (serverId === EMBEDDED_SERVER_ID)
        return engine ? createEnginePreflight(engine) : undefined;
      return serverId === undefined ? undefined : dependencies.hub()?.preflightFor(serverId);
    },
    onAllowTool: (name) => {
      // Bound to the tool shown on the card, so the name cannot later pass to another server's tool.
      const tool = dependencies.registry.get(name);
      dependencies.approvals.allow(name, tool ? toolIdentity(tool) : undefined);
    },
    onOpenChange: (open) => dependencies.onOpenChange(open),
  });
  const controls = pieces.add(new ApprovalControls(dependencies.approvals));
  // The banner also lists the tools the person set to run without asking, once the servers are known.
  void dependencies.hubStarted.then((hub) => {
    if (!hub || pieces.isDestroyed) return;
    controls.showUnaskedTools(hub.personPolicies, (serverId, toolName) =>
      hub.setToolPolicy(serverId, toolName, 'ask'),
    );
  });
  dependencies.controlsHost.append(controls.root);
  // Above the question box, where the person looks before asking: queries will run without a card.
  dependencies.bannerBefore.before(controls.banner);
  pieces.add({ destroy: () => controls.root.remove() });
  /** The conversation the card follows: one at a time. */
  let following: Mounted | undefined;
  pieces.add({ destroy: () => following?.destroy() });
  return {
    view,
    show: (conversation, decide) => {
      following?.destroy();
      const shown = view.show(conversation, decide);
      following = mounted(() => shown.destroy());
      return following;
    },
    destroy: () => pieces.destroy(),
  };
}
