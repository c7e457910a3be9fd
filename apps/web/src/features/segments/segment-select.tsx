import { ADMIN_LIST_MAX_PAGE_SIZE } from '@outpost/contracts/admin-list';
import type { Environment } from '@outpost/contracts/environments';
import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { SelectField } from '../../components/form/select-field';
import { getSegments, segmentsQueryKey } from './api';

/** The environment's segments by name, for the screens that take one (push, rewards, remote config's conditions). */
export function useSegmentOptions(environment: Environment) {
  return useQuery({
    queryKey: [...segmentsQueryKey(environment), 'options'],
    queryFn: async () => {
      const page = await getSegments(environment, {
        page: 1,
        pageSize: ADMIN_LIST_MAX_PAGE_SIZE,
        sort: 'name',
        order: 'asc',
        filters: {},
      });
      return page.rows.map((segment) => ({ segmentID: segment.segmentID, name: segment.name }));
    },
  });
}

/** A segment's name by its ID, for the screens that show one; an ID not (or not yet) listed is shown as it is. */
export function useSegmentName(environment: Environment): (segmentID: string) => string {
  const segments = useSegmentOptions(environment).data ?? [];
  return (segmentID) => segments.find((segment) => segment.segmentID === segmentID)?.name ?? segmentID;
}

type SegmentSelectProps = Omit<ComponentProps<typeof SelectField>, 'children' | 'value' | 'onChange'> & {
  environment: Environment;
  /** The chosen segment's ID, or '' for none. */
  value: string;
  onChange(segmentID: string): void;
  /** What choosing none says ("No segment"); without it a segment must be chosen. */
  noneLabel?: string;
};

/** A choice among the environment's segments, by name; the list follows the segments' live topic. */
export function SegmentSelect({ environment, value, onChange, noneLabel, ...field }: SegmentSelectProps) {
  const options = useSegmentOptions(environment);
  const segments = options.data ?? [];
  const known = value === '' || segments.some((segment) => segment.segmentID === value);
  return (
    <SelectField {...field} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="" disabled={noneLabel === undefined}>
        {noneLabel ?? (options.isPending ? 'Loading segments…' : 'Choose a segment')}
      </option>
      {segments.map((segment) => (
        <option key={segment.segmentID} value={segment.segmentID}>
          {segment.name}
        </option>
      ))}
      {/* A segment deleted since, or not yet listed: still shown as chosen rather than silently dropped. */}
      {!known && <option value={value}>{value}</option>}
    </SelectField>
  );
}
