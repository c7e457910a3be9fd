import { type DragEvent, useRef, useState } from 'react';
import listStyles from '../../../../components/admin-list/admin-list.module.css';
import type { FieldErrors } from '../../../../components/form/field-errors';
import { FormField } from '../../../../components/form/form-field';
import { moveItem } from '../../components/move-item';
import { type MemberDraft, placeMember, positionAnnouncement } from '../collection-form';
import styles from '../theater.module.css';

interface MemberListProps {
  members: MemberDraft[];
  onChange: (members: MemberDraft[]) => void;
  /** The check's problems, keyed `members.<index>.sublabel` (and `members` for the whole list). */
  errors: FieldErrors;
}

/**
 * A collection's videos in order, each with its sublabel. Reordered by dragging a row's handle
 * (native drag and drop: nothing to load) or with each row's Up and Down buttons, which keep the
 * keyboard focus on the moved video; every move is announced with the video's new place.
 */
export function MemberList({ members, onChange, errors }: MemberListProps) {
  const [announcement, setAnnouncement] = useState('');
  const dragged = useRef<number | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);

  const show = (next: MemberDraft[], moved: MemberDraft, to: number) => {
    onChange(next);
    setAnnouncement(positionAnnouncement(moved.title, to, next.length));
  };

  const step = (index: number, by: -1 | 1) => {
    const moved = members[index];
    if (moved && members[index + by]) show(moveItem(members, index, by), moved, index + by);
  };

  const remove = (index: number) => {
    const removed = members[index];
    if (!removed) return;
    onChange(members.filter((_, position) => position !== index));
    setAnnouncement(`${removed.title} leaves the collection when you save.`);
  };

  const endDrag = () => {
    dragged.current = null;
    setDropTarget(null);
  };

  const dragOver = (event: DragEvent<HTMLLIElement>, index: number) => {
    if (dragged.current === null) return;
    // Taking the default away is what makes the row a drop target.
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setDropTarget(index);
  };

  const drop = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.preventDefault();
    const from = dragged.current;
    endDrag();
    const moved = from === null ? undefined : members[from];
    if (from !== null && moved && from !== index) show(placeMember(members, from, index), moved, index);
  };

  return (
    <div className={styles.members}>
      {members.length === 0 ? (
        <p className={styles.note}>No videos in this collection yet: add them below.</p>
      ) : (
        <ol aria-label="Videos in this collection, in order" className={styles.memberRows}>
          {members.map((member, index) => (
            <li
              key={member.videoID}
              className={dropTarget === index ? `${styles.member} ${styles.dropTarget}` : styles.member}
              onDragOver={(event) => dragOver(event, index)}
              onDrop={(event) => drop(event, index)}
            >
              <span
                className={styles.handle}
                draggable
                title="Drag to reorder"
                aria-hidden="true"
                onDragStart={(event) => {
                  dragged.current = index;
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', member.videoID);
                  const row = event.currentTarget.closest('li');
                  if (row) event.dataTransfer.setDragImage(row, 24, 24);
                }}
                onDragEnd={endDrag}
              >
                ⠿
              </span>
              <span className={styles.position}>{index + 1}</span>
              <span className={styles.memberVideo}>
                {member.thumbnail && <img src={member.thumbnail} alt="" width={64} height={36} loading="lazy" />}
                <span>
                  {member.title} <span className={styles.mono}>{member.videoID}</span>
                </span>
              </span>
              <FormField
                label="Sublabel"
                aria-label={`Sublabel of ${member.title}`}
                className={styles.sublabel}
                value={member.sublabel}
                error={errors[`members.${index}.sublabel`]}
                onChange={(event) =>
                  onChange(
                    members.map((row, position) =>
                      position === index ? { ...row, sublabel: event.target.value } : row,
                    ),
                  )
                }
              />
              <span className={styles.memberActions}>
                <button
                  type="button"
                  className={listStyles.plainButton}
                  aria-label={`Move ${member.title} up`}
                  aria-disabled={index === 0}
                  onClick={() => step(index, -1)}
                >
                  Up
                </button>
                <button
                  type="button"
                  className={listStyles.plainButton}
                  aria-label={`Move ${member.title} down`}
                  aria-disabled={index === members.length - 1}
                  onClick={() => step(index, 1)}
                >
                  Down
                </button>
                <button
                  type="button"
                  className={listStyles.plainButton}
                  aria-label={`Remove ${member.title}`}
                  onClick={() => remove(index)}
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {errors.members && (
        <p role="alert" className={styles.listError}>
          {errors.members}
        </p>
      )}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </div>
  );
}
