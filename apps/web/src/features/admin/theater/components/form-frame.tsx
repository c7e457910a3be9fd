import type { ReactNode } from 'react';
import { AdminFormFrame } from '../../components/admin-form-frame';
import { FormActions, type FormActionsProps } from './form-actions';
import type { TheaterChange } from './use-theater-change';

export interface FormFrameProps {
  /** "New episode", "Edit episode s2e10". */
  title: string;
  change: TheaterChange;
  /** Called on submit unless a change is on its way. */
  onSubmit: () => void;
  /** Whether the form opened because the admin did something (picked a row, finished a change), not on arrival. */
  arrivedByAction: boolean;
  actions: Omit<FormActionsProps, 'change'>;
  children: ReactNode;
}

/** A theater form, opened over its list: its heading, its fields and its actions. */
export function FormFrame({ title, change, onSubmit, arrivedByAction, actions, children }: FormFrameProps) {
  return (
    <AdminFormFrame
      title={title}
      headingLevel={3}
      arrivedByAction={arrivedByAction}
      pending={change.pending}
      busy={change.busy}
      onSubmit={onSubmit}
      formRef={change.formRef}
    >
      {children}
      <FormActions change={change} {...actions} />
    </AdminFormFrame>
  );
}
