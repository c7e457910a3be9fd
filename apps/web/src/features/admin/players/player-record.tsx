import type { AdminAccess } from '@outpost/contracts/permissions';
import type { PlayerRecordSection, PlayerRecordSectionKey } from '@outpost/contracts/player-record';
import type { ReactNode } from 'react';
import { usePlayerRecord } from './api';
import { CreditForm } from './credit-form';
import { ItemForm } from './item-form';
import { ItemTakeBackForm } from './item-take-back-form';
import { TestPush, useSessionEnding } from './player-actions';
import type { PlayerToolProps } from './player-tool';
import styles from './players.module.css';
import { RecordSection } from './record-section';
import { ToolDisclosure } from './tool-disclosure';

interface PlayerRecordProps extends PlayerToolProps {
  capabilities: AdminAccess['capabilities'];
  /** What the page shows between the record's sections, after the section of each key (premium after purchases). */
  after?: Partial<Record<PlayerRecordSectionKey, ReactNode>>;
}

/**
 * Every domain's sections about the player, in the page's order, each with what support does there:
 * sessions ended, a test notification, credits and items given or taken back. Moderators read.
 */
export function PlayerRecord({ environment, userID, name, capabilities, after = {} }: PlayerRecordProps) {
  const record = usePlayerRecord(environment, userID);
  const sessions = useSessionEnding({ environment, userID, name });
  if (record.isError) return <p role="alert">The player’s record could not be read: {record.error.message}</p>;
  if (!record.data) return <p aria-busy="true">Reading the player’s record…</p>;

  const tools = (section: PlayerRecordSection): ReactNode => {
    const props = { environment, userID, name };
    if (section.key === 'sessions' && capabilities.suspendPlayers && section.rows.length > 0) return sessions.endAll;
    if (section.key === 'devices' && capabilities.sendPush && section.rows.length > 0) return <TestPush {...props} />;
    if (section.key === 'credits' && capabilities.manageShop)
      return (
        <ToolDisclosure label="Give or take back credits">
          <CreditForm {...props} />
        </ToolDisclosure>
      );
    if (section.key === 'inventory' && capabilities.manageShop)
      return (
        <div className={styles.toolRow}>
          <ToolDisclosure label="Give items">
            <ItemForm {...props} />
          </ToolDisclosure>
          <ToolDisclosure label="Take back items">
            <ItemTakeBackForm {...props} />
          </ToolDisclosure>
        </div>
      );
    return null;
  };

  return (
    <div aria-busy={record.isFetching}>
      <nav aria-label="On this page" className={styles.jump}>
        <ul>
          {record.data.sections.map((section) => (
            <li key={section.key}>
              <a href={`#player-${section.key}`}>
                {section.title}
                {section.total > 0 && ` (${section.total.toLocaleString('en-US')})`}
              </a>
            </li>
          ))}
          <li>
            <a href="#player-admin-actions">Admin actions</a>
          </li>
        </ul>
      </nav>
      {record.data.sections.map((section) => (
        <div key={section.key}>
          <RecordSection
            section={section}
            rowAction={
              section.key === 'sessions' && capabilities.suspendPlayers
                ? { header: 'Sign out', cell: sessions.endOne }
                : undefined
            }
          >
            {tools(section)}
          </RecordSection>
          {after[section.key] && <div className={styles.section}>{after[section.key]}</div>}
        </div>
      ))}
    </div>
  );
}
