export function StockBadge({ quantity }: { quantity: number }) {
  if (quantity <= 0) return <span className="badge bg-danger">Out of stock</span>;
  if (quantity < 5) return <span className="badge bg-warning text-dark">{`Stock: ${quantity}`}</span>;
  return <span className="badge bg-success">{`Stock: ${quantity}`}</span>;
}
