/** The head row(s) of a console table drawn with TanStack Table: one column header cell per column. */
import { flexRender, type HeaderGroup, type RowData, type TableFeatures } from '@tanstack/react-table';

export function TableHead<TFeatures extends TableFeatures, TData extends RowData>({
  groups,
}: {
  groups: HeaderGroup<TFeatures, TData>[];
}) {
  return (
    <thead>
      {groups.map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => (
            <th key={header.id} scope="col">
              {flexRender(header.column.columnDef.header, header.getContext())}
            </th>
          ))}
        </tr>
      ))}
    </thead>
  );
}
