// About page (docs/product.md §1, §2): six features, a testimonial and a call to action.
import { Link } from 'react-router-dom';
import { BackButton } from '../../components/BackButton';
import './testimonial.css';
import './about.css';

const FEATURES = [
  { title: 'Cost breakdowns', text: 'See stays, travel, car and other costs add up to one honest total.' },
  { title: 'Smart comparisons', text: 'Put date windows for the same trip side by side and pick the best.' },
  { title: 'Date-flex insights', text: 'Spot cheaper windows by trying different dates for a trip.' },
  { title: 'Wishlist & favorites', text: 'Heart the trips you love and keep them in named wishlists.' },
  { title: 'Privacy', text: 'Only you control your trip data.' },
  { title: 'Quick add', text: 'Search a city and create a trip in a couple of clicks.' },
];

export default function AboutPage() {
  return (
    <main className="page about">
      <BackButton fallback="/" />
      <section className="about__hero">
        <span className="eyebrow">About TripCost</span>
        <h1>Know what a getaway really costs before you go.</h1>
        <p className="muted">
          TripCost helps travellers compare the total cost of trips — stays, cars, travel and the rest — and find
          cheaper dates.
        </p>
      </section>
      <ul className="feature-grid">
        {FEATURES.map((f) => (
          <li key={f.title} className="card feature">
            <h2>{f.title}</h2>
            <p className="muted">{f.text}</p>
          </li>
        ))}
      </ul>
      <section className="testimonial" aria-label="Testimonial">
        <blockquote>“Finally one place where the whole trip adds up. No more spreadsheets.”</blockquote>
        <p className="muted">— A TripCost traveller</p>
      </section>
      <section className="cta">
        <h2>Ready to plan your next trip?</h2>
        <Link to="/login" className="btn btn--primary btn--lg">
          Start Planning
        </Link>
      </section>
    </main>
  );
}
