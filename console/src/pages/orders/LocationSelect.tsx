// A loading or destination location for the edit-assign panel. The assign model carries locations by their row
// id (Loading_Destination_From_Id): list/location_id answers locations keyed by it, shown as "code - name".
// Searches as the user types.
import { Combobox, Option } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { REF_DEBOUNCE_MS } from '../../components/form/RefSelect';

interface LocationItem {
  id: number;
  text: string;
}

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
  const [items, setItems] = useState<LocationItem[]>([]);

  useEffect(() => {
    if (query === null) return;
    let live = true;
    const timer = setTimeout(() => {
      const search = new URLSearchParams({ q: query, page: '0' });
      api
        .get<{ items?: Record<string, unknown>[] }>(`list/location_id?${search.toString()}`)
        .then((res) => {
          if (!live) return;
          const found = (res.data?.items ?? [])
            .map((item) => ({
              id: Number(item.Id ?? item.id),
              text: String((item.text ?? item.id) as string),
            }))
            .filter((item) => Number.isInteger(item.id) && item.id > 0);
          setItems(found);
        })
        .catch(() => {
          if (live) setItems([]);
        });
    }, REF_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query]);

  return (
    <Combobox
      aria-label={rest['aria-label']}
      disabled={disabled}
      value={query ?? text}
      selectedOptions={value === null ? [] : [String(value)]}
      onOpenChange={(_, data) => {
        if (data.open && query === null) setQuery('');
        if (!data.open) setQuery(null);
      }}
      onInput={(event) => setQuery((event.target as HTMLInputElement).value)}
      onOptionSelect={(_, data) => {
        const id = Number(data.optionValue);
        onChange(Number.isInteger(id) ? id : null, data.optionText ?? '');
        setQuery(null);
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
