/**
 * Accessible comboboxes of the admin screens (issue 13; decision 0020): downshift's hooks give the
 * WAI-ARIA 1.2 combobox pattern (keyboard, aria-activedescendant, a live status of the result
 * count); this file draws them. `SearchableSelect` picks one option by typing part of its label;
 * `MultiSearchableSelect` adds options to a list of chosen ones, each removable by its button or
 * by Backspace/Delete when focused. Only the typed search text is local: the choice is the form's.
 */
import { useCombobox, useMultipleSelection, type UseComboboxReturnValue } from 'downshift';
import { useState, type ReactNode } from 'react';
import { educationAdminMessages } from '../messages/educationAdmin.ts';
import './Combobox.css';

export interface ComboboxOption {
  value: number;
  label: string;
}

interface ComboboxCommonProps {
  id: string;
  label: string;
  options: readonly ComboboxOption[];
  /** Shown under the field and read with it. */
  hint?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** Ids of the field's messages, read after the hint. */
  describedBy?: string;
}

const matching = (options: readonly ComboboxOption[], search: string) => {
  const needle = search.trim().toLocaleLowerCase('hr');
  return options.filter((option) => option.label.toLocaleLowerCase('hr').includes(needle));
};

/** What the two comboboxes draw alike: label, (chosen tags), input, hint and the option list. */
function ComboboxField({
  id,
  label,
  hint,
  disabled = false,
  invalid = false,
  describedBy,
  chosen,
  combobox: { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps },
  items,
  inputProps = (props) => props,
}: ComboboxCommonProps & {
  chosen?: ReactNode;
  combobox: UseComboboxReturnValue<ComboboxOption>;
  items: readonly ComboboxOption[];
  /** The multi-select's wrapping of the input's props (its keyboard handling). */
  inputProps?: (props: Record<string, unknown>) => Record<string, unknown>;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="form__field combobox">
      <label className="form__label" {...getLabelProps()}>
        {label}
      </label>
      {chosen}
      <input
        className="form__input"
        disabled={disabled}
        aria-invalid={invalid || undefined}
        {...getInputProps(
          inputProps({
            'aria-describedby': [hintId, describedBy].filter(Boolean).join(' ') || undefined,
          }),
        )}
      />
      {hint && (
        <p id={hintId} className="form__hint">
          {hint}
        </p>
      )}
      {isOpen && items.length === 0 && (
        <p className="combobox__empty">{educationAdminMessages.noMatches}</p>
      )}
      <ul
        className={isOpen ? 'combobox__menu' : 'combobox__menu combobox__menu--closed'}
        {...getMenuProps()}
      >
        {isOpen &&
          items.map((item, index) => (
            <li
              key={item.value}
              className={
                highlightedIndex === index
                  ? 'combobox__option combobox__option--highlighted'
                  : 'combobox__option'
              }
              {...getItemProps({ item, index })}
            >
              {item.label}
            </li>
          ))}
      </ul>
    </div>
  );
}

export interface SearchableSelectProps extends ComboboxCommonProps {
  value: number | null;
  onChange: (value: number | null) => void;
}

export function SearchableSelect({ value, onChange, ...field }: SearchableSelectProps) {
  const { options } = field;
  const selected = options.find((option) => option.value === value) ?? null;
  const [search, setSearch] = useState(selected?.label ?? '');
  const items = selected && search === selected.label ? [...options] : matching(options, search);
  const combobox = useCombobox<ComboboxOption>({
    items,
    inputId: field.id,
    itemToString: (item) => item?.label ?? '',
    itemToKey: (item) => item?.value,
    selectedItem: selected,
    inputValue: search,
    onInputValueChange: ({ inputValue, type }) => {
      setSearch(inputValue);
      // Emptying the field takes the choice back.
      if (type === useCombobox.stateChangeTypes.InputChange && !inputValue && selected) {
        onChange(null);
      }
    },
    onSelectedItemChange: ({ selectedItem }) => onChange(selectedItem?.value ?? null),
  });
  return <ComboboxField {...field} combobox={combobox} items={items} />;
}

export interface MultiSearchableSelectProps extends ComboboxCommonProps {
  values: readonly number[];
  onChange: (values: number[]) => void;
}

export function MultiSearchableSelect({ values, onChange, ...field }: MultiSearchableSelectProps) {
  const { options, label, disabled } = field;
  const [search, setSearch] = useState('');
  const chosen = values.map(
    (value) => options.find((option) => option.value === value) ?? { value, label: `#${value}` },
  );
  const items = matching(options, search).filter((option) => !values.includes(option.value));
  const { getSelectedItemProps, getDropdownProps, removeSelectedItem } =
    useMultipleSelection<ComboboxOption>({
      selectedItems: chosen,
      itemToKey: (item) => item?.value,
      onSelectedItemsChange: ({ selectedItems }) =>
        onChange(selectedItems.map((item) => item.value)),
    });
  const choosing = (type: string) =>
    type === useCombobox.stateChangeTypes.InputKeyDownEnter ||
    type === useCombobox.stateChangeTypes.ItemClick;
  const combobox = useCombobox<ComboboxOption>({
    items,
    inputId: field.id,
    itemToString: (item) => item?.label ?? '',
    itemToKey: (item) => item?.value,
    selectedItem: null,
    inputValue: search,
    // Choosing keeps the list open on the same place, ready for the next user.
    stateReducer: (state, { type, changes }) =>
      choosing(type)
        ? { ...changes, isOpen: true, highlightedIndex: state.highlightedIndex, inputValue: '' }
        : changes,
    onStateChange: ({ type, selectedItem, inputValue }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) setSearch(inputValue ?? '');
      else if (selectedItem && choosing(type)) {
        onChange([...values, selectedItem.value]);
        setSearch('');
      }
    },
  });
  const tags = chosen.length > 0 && (
    <ul className="combobox__chosen" aria-label={label}>
      {chosen.map((item, index) => (
        <li key={item.value} className="combobox__tag">
          <span {...getSelectedItemProps({ selectedItem: item, index })}>{item.label}</span>
          <button
            type="button"
            className="combobox__remove"
            disabled={disabled}
            aria-label={educationAdminMessages.removeUser(item.label)}
            onClick={() => removeSelectedItem(item)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
  return (
    <ComboboxField
      {...field}
      chosen={tags}
      combobox={combobox}
      items={items}
      inputProps={(props) => getDropdownProps({ preventKeyAction: combobox.isOpen, ...props })}
    />
  );
}
