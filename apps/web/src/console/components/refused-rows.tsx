/** The rows a spreadsheet import refused (decisions 0033/0039): row number, column and the pt-BR reason. */
import type { SheetRefusal } from '@vitrine/contracts/catalog-sheet';

export function RefusedRows({ rows, className }: { rows: SheetRefusal[]; className?: string }) {
  return (
    <div className="console-table-wrap">
      <table className={className ? `console-table ${className}` : 'console-table'}>
        <thead>
          <tr>
            <th scope="col">Linha</th>
            <th scope="col">Coluna</th>
            <th scope="col">Motivo</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={`${r.row}-${r.column}-${i}`}>
              <td data-label="Linha">{r.row}</td>
              <td data-label="Coluna">{r.column}</td>
              <td data-label="Motivo">{r.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
