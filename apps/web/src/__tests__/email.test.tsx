import { render, screen } from '@testing-library/react';
import { Email } from '../components/Email';

test('an email is one unbreakable line, cut with … by CSS where there is no room, whole on hover', () => {
  render(<Email address="owner@shop.example" />);
  const email = screen.getByText('owner@shop.example');
  expect(email).toHaveClass('email-text');
  expect(email).toHaveAttribute('title', 'owner@shop.example');
});
