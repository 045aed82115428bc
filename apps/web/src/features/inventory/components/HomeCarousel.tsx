import Carousel from 'react-bootstrap/Carousel';

const SLIDES = [
  { img: '/images/carousel-iphone.svg', caption: 'Iphone', text: 'The newest iPhones, counted and shelved.' },
  { img: '/images/carousel-samsung.svg', caption: 'Samsung Smart PHone', text: 'Galaxy phones for every budget.' },
  { img: '/images/carousel-oneplus.svg', caption: 'One Plus', text: 'Fast phones, fast restocks.' },
];

/**
 * Three slides, 5000 ms each; swipe (react-bootstrap's 40 px threshold),
 * arrow keys, and a pause while the pointer is over it.
 */
export function HomeCarousel() {
  return (
    <Carousel className="home-carousel rounded overflow-hidden shadow-sm mb-4" interval={5000} touch keyboard pause="hover">
      {SLIDES.map((slide) => (
        <Carousel.Item key={slide.caption}>
          <img src={slide.img} alt={slide.caption} />
          <Carousel.Caption>
            <h2>{slide.caption}</h2>
            <p>{slide.text}</p>
          </Carousel.Caption>
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
