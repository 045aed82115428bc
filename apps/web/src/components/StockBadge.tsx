import Badge from 'react-bootstrap/Badge';

export function StockBadge({ quantity }: { quantity: number }) {
  if (quantity <= 0) return <Badge bg="danger">Out of stock</Badge>;
  return (
    <Badge
      bg={quantity < 5 ? 'warning' : 'success'}
      text={quantity < 5 ? 'dark' : undefined}
    >{`Stock: ${quantity}`}</Badge>
  );
}
