import { PUSH_PLATFORMS } from '@outpost/contracts/push';
import {
  SEGMENT_ATTRIBUTE_HINTS,
  SEGMENT_ATTRIBUTE_LABELS,
  SEGMENT_ATTRIBUTES,
  SEGMENT_MATCHES,
  type SegmentAttribute,
  type SegmentMatch,
} from '@outpost/contracts/segments/schemas';
import { useEffect, useRef, useState } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import type { FieldErrors } from '../../../components/form/field-errors';
import { FormField } from '../../../components/form/form-field';
import { SelectField } from '../../../components/form/select-field';
import adminStyles from '../../admin/components/admin-screen.module.css';
import {
  canAddRule,
  type DefinitionDraft,
  type GroupDraft,
  isGroupDraft,
  kindOf,
  MATCH_LABELS,
  newGroup,
  newRule,
  OP_LABELS,
  opsOf,
  PLATFORM_LABELS,
  type RuleDraft,
  type RuleOp,
  valuePath,
  withAttribute,
} from '../rules';
import styles from './segments.module.css';

interface RuleEditorProps {
  draft: DefinitionDraft;
  onChange: (draft: DefinitionDraft) => void;
  /** The form's field errors; a rule's value is at `prefix` + its valuePath. */
  errors: FieldErrors;
  prefix: string;
}

const isAttribute = (value: string): value is SegmentAttribute =>
  (SEGMENT_ATTRIBUTES as readonly string[]).includes(value);
const isMatch = (value: string): value is SegmentMatch => (SEGMENT_MATCHES as readonly string[]).includes(value);

function MatchField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: SegmentMatch;
  onChange: (match: SegmentMatch) => void;
}) {
  return (
    <SelectField
      label={label}
      value={value}
      className={styles.match}
      onChange={(event) => {
        if (isMatch(event.target.value)) onChange(event.target.value);
      }}
    >
      {SEGMENT_MATCHES.map((match) => (
        <option key={match} value={match}>
          {MATCH_LABELS[match]}
        </option>
      ))}
    </SelectField>
  );
}

interface RuleFieldsProps {
  /** "1", or "2.1" for the first rule of the second entry's group: the rule's name in its legend. */
  name: string;
  rule: RuleDraft;
  error: string | undefined;
  onChange: (rule: RuleDraft) => void;
  /** Absent when the rule is the last of its list, which a segment or a group cannot lose. */
  onRemove: (() => void) | undefined;
}

/** One rule: what it compares, how, and with what; every control is named within "Rule 2.1". */
function RuleFields({ name, rule, error, onChange, onRemove }: RuleFieldsProps) {
  const kind = kindOf(rule.attribute);
  return (
    <fieldset className={styles.rule} data-entry-key={rule.key}>
      <legend>Rule {name}</legend>
      <SelectField
        label="Attribute"
        value={rule.attribute}
        hint={SEGMENT_ATTRIBUTE_HINTS[rule.attribute]}
        className={styles.attribute}
        onChange={(event) => {
          if (isAttribute(event.target.value)) onChange(withAttribute(rule, event.target.value));
        }}
      >
        {SEGMENT_ATTRIBUTES.map((attribute) => (
          <option key={attribute} value={attribute}>
            {SEGMENT_ATTRIBUTE_LABELS[attribute]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Comparison"
        value={rule.op}
        onChange={(event) => {
          const op = opsOf(kind).find((one) => one === event.target.value);
          if (op) onChange({ ...rule, op });
        }}
      >
        {opsOf(kind).map((op: RuleOp) => (
          <option key={op} value={op}>
            {OP_LABELS[op]}
          </option>
        ))}
      </SelectField>
      {kind === 'number' && (
        <FormField
          label="Value"
          inputMode="numeric"
          autoComplete="off"
          value={rule.value}
          error={error}
          onChange={(event) => onChange({ ...rule, value: event.target.value })}
        />
      )}
      {kind === 'platform' && (
        <SelectField
          label="Platform"
          value={rule.value}
          error={error}
          onChange={(event) => onChange({ ...rule, value: event.target.value })}
        >
          {PUSH_PLATFORMS.map((platform) => (
            <option key={platform} value={platform}>
              {PLATFORM_LABELS[platform]}
            </option>
          ))}
        </SelectField>
      )}
      {onRemove && (
        <button type="button" className={`${listStyles.plainButton} ${styles.remove}`} onClick={onRemove}>
          Remove<span className="visually-hidden"> rule {name}</span>
        </button>
      )}
    </fieldset>
  );
}

const replaced = <Item,>(items: readonly Item[], index: number, item: Item) =>
  items.map((one, at) => (at === index ? item : one));

/**
 * A segment's rules: how they combine, each rule, and groups of rules that combine their own way
 * (one level deep). A segment keeps at least one rule and a group at least one, so their last rule
 * has no Remove; Add stops at the contracts' most rules. The keyboard follows the change: an added
 * rule or group takes the focus, and a removed one hands it to its neighbour.
 */
export function RuleEditor({ draft, onChange, errors, prefix }: RuleEditorProps) {
  const box = useRef<HTMLFieldSetElement>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  useEffect(() => {
    if (focusKey === null) return;
    box.current?.querySelector<HTMLElement>(`[data-entry-key="${focusKey}"] select`)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const setEntries = (rules: DefinitionDraft['rules']) => onChange({ ...draft, rules });
  const addable = canAddRule(draft);
  const lone = draft.rules.length === 1;

  /** The list with `item` last, focused once shown. */
  const adding = <Item extends { key: string }>(items: readonly Item[], item: Item): Item[] => {
    setFocusKey(item.key);
    return [...items, item];
  };
  /** The list without its `index`th, the focus on the one now there (or the one before). */
  const removing = <Item extends { key: string }>(items: readonly Item[], index: number): Item[] => {
    const left = items.filter((_, at) => at !== index);
    setFocusKey((left[index] ?? left[index - 1])?.key ?? null);
    return left;
  };

  const groupFields = (group: GroupDraft, index: number) => {
    const name = String(index + 1);
    const setGroup = (next: GroupDraft) => setEntries(replaced(draft.rules, index, next));
    return (
      <fieldset className={adminStyles.groupOfBoxes} data-entry-key={group.key}>
        <legend>Group {name}</legend>
        <MatchField
          label={`Players in group ${name} match`}
          value={group.match}
          onChange={(match) => setGroup({ ...group, match })}
        />
        <ol className={styles.rules}>
          {group.rules.map((rule, inner) => (
            <li key={rule.key}>
              <RuleFields
                name={`${name}.${inner + 1}`}
                rule={rule}
                error={errors[`${prefix}${valuePath([index, inner])}`]}
                onChange={(next) => setGroup({ ...group, rules: replaced(group.rules, inner, next) })}
                onRemove={
                  group.rules.length > 1 ? () => setGroup({ ...group, rules: removing(group.rules, inner) }) : undefined
                }
              />
            </li>
          ))}
        </ol>
        <div className={styles.actions}>
          <button
            type="button"
            className={listStyles.plainButton}
            disabled={!addable}
            onClick={() => setGroup({ ...group, rules: adding(group.rules, newRule()) })}
          >
            Add rule<span className="visually-hidden"> to group {name}</span>
          </button>
          {!lone && (
            <button
              type="button"
              className={listStyles.plainButton}
              onClick={() => setEntries(removing(draft.rules, index))}
            >
              Remove group<span className="visually-hidden"> {name}</span>
            </button>
          )}
        </div>
      </fieldset>
    );
  };

  return (
    <fieldset ref={box} className={adminStyles.groupOfBoxes}>
      <legend>Rules</legend>
      <MatchField label="Players match" value={draft.match} onChange={(match) => onChange({ ...draft, match })} />
      <ol className={styles.rules}>
        {draft.rules.map((entry, index) => (
          <li key={entry.key}>
            {isGroupDraft(entry) ? (
              groupFields(entry, index)
            ) : (
              <RuleFields
                name={String(index + 1)}
                rule={entry}
                error={errors[`${prefix}${valuePath([index])}`]}
                onChange={(next) => setEntries(replaced(draft.rules, index, next))}
                onRemove={lone ? undefined : () => setEntries(removing(draft.rules, index))}
              />
            )}
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <button
          type="button"
          className={listStyles.plainButton}
          disabled={!addable}
          onClick={() => setEntries(adding(draft.rules, newRule()))}
        >
          Add rule
        </button>
        <button
          type="button"
          className={listStyles.plainButton}
          disabled={!addable}
          onClick={() => setEntries(adding(draft.rules, newGroup()))}
        >
          Add group
        </button>
      </div>
    </fieldset>
  );
}
