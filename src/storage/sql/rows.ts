/**
 * The statements both adapters build from a row's columns (ADR 0109): an insert of a row, an update
 * of some of its columns. Texts only; each adapter binds the values in the columns' order.
 */

/** `INSERT INTO table (a, b) VALUES (?, ?)`. */
export function insertSql(table: string, columns: readonly string[]): string {
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
}

/** `UPDATE table SET a = ?, b = ? WHERE <where>`; the columns' values bind first, then the where's. */
export function updateSql(table: string, columns: readonly string[], where: string): string {
  return `UPDATE ${table} SET ${columns.map((column) => `${column} = ?`).join(', ')} WHERE ${where}`;
}
