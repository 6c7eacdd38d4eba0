// A loading or destination location for the edit-assign panel. The assign model carries locations by their row
// id (Loading_Destination_From_Id): list/location_id answers locations keyed by it, shown as "code - name".
// Searches as the user types.
import { Combobox, Option } from '@fluentui/react-components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { REF_DEBOUNCE_MS } from '../../components/form/RefSelect';

interface LocationItem {
  id: number;
  text: string;
}

const NONE: LocationItem[] = [];

export interface LocationSelectProps {
  value: number | null;
  /** What the chosen location reads as before the list was searched. */
  text: string;
  disabled?: boolean;
  'aria-label': string;
  onChange: (id: number | null, text: string) => void;
}

export function LocationSelect({ value, text, disabled, onChange, ...rest }: LocationSelectProps) {
  const [query, setQuery] = useState<string | null>(null);
  // The search asked: what was typed once the typing pauses; none while the list is closed (it is asked afresh
  // when it opens again). The items found last stay while the next search is asked; a failed search finds none.
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    if (query === null) return;
    const timer = setTimeout(() => setAsked(query), REF_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const search = useQuery({
    queryKey: ['list/location_id', asked],
    queryFn: async (): Promise<LocationItem[]> => {
      const search = new URLSearchParams({ q: asked ?? '', page: '0' });
      const res = await api.get<{ items?: Record<string, unknown>[] }>(
        `list/location_id?${search.toString()}`,
      );
      return (res.data?.items ?? [])
        .map((item) => ({
          id: Number(item.Id ?? item.id),
          text: String((item.text ?? item.id) as string),
        }))
        .filter((item) => Number.isInteger(item.id) && item.id > 0);
    },
    enabled: asked !== null,
    placeholderData: keepPreviousData,
  });
  const items = search.isError ? NONE : (search.data ?? NONE);
  function close() {
    setQuery(null);
    setAsked(null);
  }

  return (
    <Combobox
      aria-label={rest['aria-label']}
      disabled={disabled}
      value={query ?? text}
      selectedOptions={value === null ? [] : [String(value)]}
      onOpenChange={(_, data) => {
        if (data.open && query === null) setQuery('');
        if (!data.open) close();
      }}
      onInput={(event) => setQuery((event.target as HTMLInputElement).value)}
      onOptionSelect={(_, data) => {
        const id = Number(data.optionValue);
        onChange(Number.isInteger(id) ? id : null, data.optionText ?? '');
        close();
      }}
    >
      {items.map((item) => (
        <Option key={item.id} value={String(item.id)}>
          {item.text}
        </Option>
      ))}
    </Combobox>
  );
}
